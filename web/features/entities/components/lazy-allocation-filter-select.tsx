import { lazy, Suspense } from 'react';

// The select loads on first render, in its own chunk: the dashboard's first paint stays as it was,
// and most organizations (one entity, one brand) never show it.
const Select = lazy(() => import('./allocation-filter-select'));

/** Entity and brand dropdowns (URL state `entity`, `brand`); nothing while loading or with only the defaults. */
export function AllocationFilterSelect() {
  return (
    <Suspense fallback={null}>
      <Select />
    </Suspense>
  );
}
