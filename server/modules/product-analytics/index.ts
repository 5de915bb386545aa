// Product analytics (issue 20): no other module uses it; its routes are wired in server/routes.ts.
export {};
