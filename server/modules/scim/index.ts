// The scim module's public face: other modules import only from here (eslint enforces it).
export { scimProtocolRoutes } from './scim-protocol.routes';
export { scimRoutes } from './scim.routes';
