import { Link } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { FOOTER_COLUMNS } from './public-nav';

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_2fr]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            SaaS spend management for finance and IT teams: every application, license, renewal and dollar in
            one place.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title} className="grid content-start gap-3">
              <p className="text-sm font-semibold">{column.title}</p>
              <ul className="grid gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    {link.to.startsWith('/api/') ? (
                      <a
                        href={link.to}
                        className="text-sm text-muted-foreground transition-colors hover:text-foreground"
                      >
                        {link.label}
                      </a>
                    ) : (
                      <Link
                        to={link.to}
                        className="text-sm text-muted-foreground transition-colors hover:text-foreground"
                      >
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Stackwise. All rights reserved.</p>
          <p>Prices in US dollars. Taxes may apply.</p>
        </div>
      </div>
    </footer>
  );
}
