// The negotiation pack's public face: nothing here is used by other modules; its routes are wired
// in server/routes.ts.
export {};
