import { lazy, Suspense } from 'react';
import { useOverlayKit } from '@/components/ui/overlay-kit-loader';

// The select loads in its own chunk once the start-up requests have answered and the browser is idle
// (the moment the overlay kit loads): it never weighs on a page's first paint, and most organizations
// (one entity, one brand) never show it. The filter itself is read from the URL at once.
const Select = lazy(() => import('./allocation-filter-select'));

/** Entity and brand dropdowns (URL state `entity`, `brand`); nothing while loading or with only the defaults. */
export function AllocationFilterSelect() {
  const idle = useOverlayKit() !== undefined;
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Select />
    </Suspense>
  );
}
