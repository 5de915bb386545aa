import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EXCEPT_BY, EXPENSE_SOURCES, MATCH_STATUSES } from '@common/contracts/expenses';
import type { LedgerFilters } from './ledger-filters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: string): v is T =>
    (values as readonly string[]).includes(v);

const flag = oneOf(['true', 'false'] as const);

/**
 * Each ledger filter kept in the URL with the check it must pass: a link from analytics (or a hand-
 * edited address) with a bad value drops that filter instead of failing the whole list.
 */
const LEDGER_PARAMS: Record<keyof LedgerFilters, (value: string) => boolean> = {
  q: (v) => v.trim().length > 0 && v.length <= 200,
  from: (v) => DATE.test(v),
  to: (v) => DATE.test(v),
  match: oneOf(MATCH_STATUSES),
  source: oneOf(EXPENSE_SOURCES),
  subscriptionId: (v) => UUID.test(v),
  paymentMethodId: (v) => UUID.test(v),
  categoryId: (v) => UUID.test(v),
  vendorId: (v) => UUID.test(v),
  ownerId: (v) => UUID.test(v),
  department: (v) => v.trim().length > 0 && v.length <= 100,
  unmatched: flag,
  noCategory: flag,
  noDepartment: flag,
  noVendor: flag,
  noPaymentMethod: flag,
  noOwner: flag,
  exceptBy: oneOf(EXCEPT_BY),
  except: (v) => v.length <= 8000,
};
const KEYS = Object.keys(LEDGER_PARAMS) as (keyof LedgerFilters)[];

/** The ledger's filters, read from and written to the page's search parameters. */
export function useLedgerUrlFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => {
    const read = new URLSearchParams(search);
    const next: Record<string, string> = {};
    for (const key of KEYS) {
      const value = read.get(key);
      if (value !== null && LEDGER_PARAMS[key](value)) next[key] = value;
    }
    return next as LedgerFilters;
  }, [search]);
  const setFilters = useCallback(
    (next: LedgerFilters) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const key of KEYS) {
            const value = next[key];
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters };
}
