import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Any path the site does not have. */
export function NotFoundPage() {
  return (
    <div className="relative flex min-h-[70dvh] flex-col items-center justify-center overflow-hidden px-6 py-24 text-center">
      <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_center,black,transparent_65%)]" />
      <div className="relative grid justify-items-center gap-5">
        <span className="flex size-14 items-center justify-center rounded-2xl border bg-card text-primary">
          <Compass className="size-7" aria-hidden />
        </span>
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Page not found</h1>
        <p className="max-w-md text-muted-foreground">
          We could not find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">
              <ArrowLeft />
              Back to home
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/support">Contact support</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
