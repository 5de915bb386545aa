import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown when a screen fails to render or load (for example after a deploy replaced its bundle). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
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

interface BoundaryProps {
  children: ReactNode;
  /** The location the error happened at: going elsewhere clears it. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Every route's error screen, as the data router's errorElement was: cleared by going to another page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.key}>{children}</ErrorBoundary>;
}
