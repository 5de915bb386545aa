import { CalendarClock, ShieldCheck, TrendingDown } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';

const POINTS = [
  {
    icon: CalendarClock,
    title: 'Never miss a cancel-by date',
    text: 'Reminders before every renewal and notice deadline.',
  },
  {
    icon: TrendingDown,
    title: 'Find the waste',
    text: 'Unused seats and duplicate tools, priced in your currency.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    text: 'Each workspace is isolated from every other. No credit card to start.',
  },
];

/** Sign-in screens: the form on the left, what Stackwise does on the right (large screens). */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Link to="/" aria-label="Stackwise home">
            <Logo />
          </Link>
          <ThemeToggle />
        </div>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
        <p className="text-center text-xs text-muted-foreground">
          By continuing you agree to the{' '}
          <Link to="/legal/terms" className="underline underline-offset-2 hover:text-foreground">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/legal/privacy" className="underline underline-offset-2 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
      <aside className="relative hidden overflow-hidden border-l bg-muted/30 lg:flex lg:flex-col lg:justify-center lg:px-16">
        <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]" />
        <div className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-primary/20 blur-3xl" />
        <div className="relative grid max-w-md gap-8">
          <div className="grid gap-3">
            <h2 className="text-3xl font-semibold tracking-tight text-balance">
              Every SaaS dollar, accounted for.
            </h2>
            <p className="text-muted-foreground">
              Stackwise tracks what your company pays for software, who uses it and when it renews — so
              nothing renews by accident again.
            </p>
          </div>
          <ul className="grid gap-5">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg border bg-background text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="grid gap-0.5">
                  <span className="text-sm font-semibold">{title}</span>
                  <span className="text-sm text-muted-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
