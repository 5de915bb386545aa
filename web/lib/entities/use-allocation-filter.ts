import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AllocationFilter } from '@common/contracts/entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | null) => (value && UUID.test(value) ? value : undefined);

/**
 * The entity/brand filter in the URL (`entity`, `brand`), as the API's `entityId`/`brandId`, and a
 * setter. Small and free of UI, so a page can read it before the select itself has loaded.
 */
export function useAllocationFilter() {
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity');
  const brand = params.get('brand');
  const filter = useMemo<AllocationFilter>(
    () => ({ entityId: idOf(entity), brandId: idOf(brand) }),
    [entity, brand],
  );
  const setFilter = useCallback(
    (change: { entity?: string | null; brand?: string | null }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined) continue;
            if (value) next.set(key, value);
            else next.delete(key);
          }
          next.delete('page'); // a narrower list starts at its first page
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filter, setFilter };
}
