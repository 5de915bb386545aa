// The app-pages feature's public face: other features import only from here (eslint enforces it).
export type { PlaceholderKey } from './placeholder-content';
