import { useState } from 'react';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import { priceCaveat } from '@common/catalog/price-age';
import { formatMoney } from '@common/money';
import { Input } from '@/components/ui/input';
import { useCatalogSearch } from '@/lib/subscriptions/search-catalog';
import { useDebounced } from '@/lib/use-debounced';
import { AppLogo } from '@/components/app-logo';

/** Search-as-you-type over the SaaS catalogue (typo-tolerant on the server). */
export function CatalogSearch({
  onPick,
  autoFocus,
}: {
  onPick: (app: CatalogAppEntry) => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const results = useCatalogSearch(q, { enabled: q.length > 0 });
  const items = q ? (results.data?.items ?? []) : [];

  return (
    <div className="grid gap-1.5">
      <Input
        aria-label="Search the catalogue"
        placeholder="Search 500+ apps: Slack, Figma, Google Workspace…"
        value={text}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      {items.length > 0 && (
        <ul
          role="listbox"
          aria-label="Catalogue results"
          className="max-h-56 overflow-y-auto rounded-md border"
        >
          {items.map((app) => {
            const price = app.prices[0];
            return (
              <li key={app.slug} role="option" aria-selected={false}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm hover:bg-muted"
                  onClick={() => {
                    onPick(app);
                    setText('');
                  }}
                >
                  <AppLogo name={app.name} logoUrl={app.logoUrl} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{app.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {app.vendor} · {app.category}
                    </span>
                  </span>
                  {price && (
                    <span className="text-xs whitespace-nowrap text-muted-foreground">
                      {formatMoney(price.amountMinor, price.currency)}/{price.unit === 'user' ? 'user/' : ''}
                      {price.period}
                      {priceCaveat(price) && <span className="text-warning"> · {priceCaveat(price)}</span>}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
