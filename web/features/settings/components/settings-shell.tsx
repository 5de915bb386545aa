import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { UserMenu } from '@/components/layout/user-menu';
import { cn } from '@/lib/cn';
import { SETTINGS_TABS } from './settings-tabs';

/** The simpler shell of /app/settings (spec §2): a Settings title, the user menu and the tabs. */
export function SettingsShell({ children }: { children: ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On small screens the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-20 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Button variant="ghost" size="icon-sm" asChild>
            <Link to="/app" aria-label="Back to dashboard">
              <ArrowLeft />
            </Link>
          </Button>
          <h1 className="text-lg font-semibold tracking-tight">Settings</h1>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-8">
        <nav
          ref={navRef}
          aria-label="Settings sections"
          className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-52 md:shrink-0 md:px-0"
        >
          <ul className="flex gap-1 md:flex-col">
            {SETTINGS_TABS.map((tab) => (
              <li key={tab.id}>
                <NavLink
                  to={`/app/settings/${tab.id}`}
                  className={({ isActive }) =>
                    cn(
                      'flex h-9 items-center gap-2.5 whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                      isActive && 'bg-accent text-foreground',
                    )
                  }
                >
                  <tab.icon className="size-4" aria-hidden />
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
