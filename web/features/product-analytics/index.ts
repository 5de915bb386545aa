// Product analytics (issue 20): reached through its lazy route only (web/app/routes-app.tsx).
export {};
