import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown when a screen fails to render or load (for example after a deploy replaced its bundle). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <p className="text-sm font-medium text-primary">Something went wrong</p>
      <h1 className="text-2xl font-semibold tracking-tight">This page could not be displayed</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        Reloading usually fixes it. If it keeps happening, tell us what you were doing at the support page.
      </p>
      <p className="max-w-md break-words font-mono text-xs text-muted-foreground">{detail}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </div>
  );
}
