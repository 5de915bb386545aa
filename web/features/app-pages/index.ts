// The app-pages feature: the app's own "page not found" (web/app/routes-app.tsx loads it lazily).
export {};
