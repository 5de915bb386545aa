// The team module's public face: other modules import only from here (eslint enforces it).
// Nothing here is used by other modules: its tables (memberships, invitations) are organizations'
// (server/db/ownership.ts); its routes are wired in server/routes.ts.
export {};
