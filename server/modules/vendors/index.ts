// The vendors module's public face: other modules import only from here (eslint enforces it).
export { findOrCreateVendors, findVendor, vendorNamesOf, vendorsOf } from './vendors.repo';
