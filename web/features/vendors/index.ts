// The vendors feature's public face: other features import only from here (eslint enforces it).
export { useVendors } from './api/get-vendors';
