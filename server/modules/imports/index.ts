// The imports module's public face: other modules import only from here (eslint enforces it).
export { BULK_TABLES } from './commit';
