// Brand profitability and brand detail (issue 19): reached through their lazy routes only
// (web/app/routes-app.tsx); no other feature uses them yet.
export {};
