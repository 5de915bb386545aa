// The renewals feature's public face: other features import only from here (eslint enforces it).
export { renewalKeys } from './api/keys';
