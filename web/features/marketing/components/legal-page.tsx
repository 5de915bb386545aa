import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { cn } from '@/lib/cn';
import { GdprContent } from './legal-gdpr';
import { PrivacyContent } from './legal-privacy';
import { RefundContent } from './legal-refund';
import { TermsContent } from './legal-terms';
import { Prose } from './marketing-ui';
import { NotFoundPage } from './not-found-page';

const DOCS: Record<string, { title: string; updated: string; Content: ComponentType }> = {
  terms: { title: 'Terms of Service', updated: 'January 6, 2025', Content: TermsContent },
  privacy: { title: 'Privacy Policy', updated: 'January 6, 2025', Content: PrivacyContent },
  gdpr: { title: 'GDPR', updated: 'January 6, 2025', Content: GdprContent },
  refund: { title: 'Refund Policy', updated: 'January 6, 2025', Content: RefundContent },
};

/** /legal/terms, /legal/privacy, /legal/gdpr and /legal/refund. */
export function LegalPage() {
  const { doc = '' } = useParams();
  const entry = DOCS[doc];
  if (!entry) return <NotFoundPage />;
  const { title, updated, Content } = entry;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[12rem_1fr] lg:py-24">
      <nav aria-label="Legal documents" className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {Object.entries(DOCS).map(([key, d]) => (
            <li key={key}>
              <Link
                to={`/legal/${key}`}
                aria-current={key === doc ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:text-foreground',
                  key === doc && 'bg-accent font-medium text-foreground',
                )}
              >
                {d.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className="max-w-3xl">
        <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated {updated}</p>
        <Prose className="mt-10">
          <Content />
        </Prose>
      </article>
    </div>
  );
}
