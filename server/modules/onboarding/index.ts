// The onboarding module's public face: other modules import only from here (eslint enforces it).
// Nothing here is used by other modules yet; its routes are wired in server/routes.ts.
export {};
