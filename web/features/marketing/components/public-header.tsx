import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { useCurrentUser } from '@/lib/auth/get-user';
import { cn } from '@/lib/cn';
import { MAIN_LINKS, PLATFORM_LINKS } from './public-nav';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:text-foreground',
    isActive && 'text-foreground',
  );

function AccountButtons({ compact }: { compact?: boolean }) {
  const { data: user } = useCurrentUser();
  if (user) {
    return (
      <Button size={compact ? 'sm' : 'default'} asChild>
        <Link to="/app">Open app</Link>
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size={compact ? 'sm' : 'default'} asChild>
        <Link to="/auth/login">Sign in</Link>
      </Button>
      <Button size={compact ? 'sm' : 'default'} asChild>
        <Link to="/auth/register">Start free</Link>
      </Button>
    </>
  );
}

/** The public site's header: platform menu, main links, theme, sign in / start free. */
export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  const platformActive = pathname.startsWith('/platform/');

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/75 backdrop-blur-md supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Stackwise home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-0.5 lg:flex">
          <Popover>
            <PopoverTrigger
              className={cn(
                'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:text-foreground data-[state=open]:text-foreground',
                platformActive && 'text-foreground',
              )}
            >
              Platform
              <ChevronDown className="size-3.5" aria-hidden />
            </PopoverTrigger>
            <PopoverContent align="start" className="w-[22rem] p-2">
              {PLATFORM_LINKS.map(({ to, label, description, icon: Icon }) => (
                <PopoverClose asChild key={to}>
                  <Link to={to} className="flex gap-3 rounded-md p-3 transition-colors hover:bg-accent">
                    {Icon && (
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-background text-primary">
                        <Icon className="size-4" aria-hidden />
                      </span>
                    )}
                    <span className="grid gap-0.5">
                      <span className="text-sm font-medium">{label}</span>
                      <span className="text-xs text-muted-foreground">{description}</span>
                    </span>
                  </Link>
                </PopoverClose>
              ))}
            </PopoverContent>
          </Popover>
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-1 lg:flex">
          <ThemeToggle />
          <AccountButtons />
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setMenuOpen((v) => !v)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Main"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t bg-background px-4 pb-6 pt-2 lg:hidden"
        >
          <p className="px-3 pb-1 pt-3 text-xs font-medium uppercase tracking-wider text-muted-foreground">
            Platform
          </p>
          {PLATFORM_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => cn(navLinkClass({ isActive }), 'block text-base')}
            >
              {link.label}
            </NavLink>
          ))}
          <div className="my-2 h-px bg-border" />
          {MAIN_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => cn(navLinkClass({ isActive }), 'block text-base')}
            >
              {link.label}
            </NavLink>
          ))}
          <div className="mt-4 grid grid-cols-2 gap-2 [&>*]:w-full">
            <AccountButtons />
          </div>
        </nav>
      )}
    </header>
  );
}
