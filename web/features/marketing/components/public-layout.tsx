import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** Shared header and footer of the public site; each new page starts at the top. */
export function PublicLayout() {
  const { pathname } = useLocation();
  // Braces matter: Chromium's scrollTo returns a promise, and an effect may only return a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
