// Analytics (issue 20): reached through its lazy route only (web/app/routes-app.tsx); no other
// feature uses it yet.
export {};
