// Brand revenue and profitability (issue 19): no other module uses it; its routes are wired in server/routes.ts.
export {};
