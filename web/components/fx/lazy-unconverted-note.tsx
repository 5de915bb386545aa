import { lazy, Suspense } from 'react';
import type { ConvertedTotal } from '@common/contracts/fx-rates';

// Most totals convert fully: the note loads only when there is something to name, so the dashboard's
// first paint does not carry it.
const Note = lazy(() => import('./unconverted-note').then((m) => ({ default: m.UnconvertedNote })));

/** "No rate for EUR 1,234.00 — add rates" under a converted total; nothing when all of it converted. */
export function UnconvertedNote({ total }: { total: ConvertedTotal }) {
  if (total.unconverted.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Note total={total} />
    </Suspense>
  );
}
