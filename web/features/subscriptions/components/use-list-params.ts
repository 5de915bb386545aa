import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  SUBSCRIPTION_SORTS,
  SUBSCRIPTION_STATUSES,
  type ListSubscriptionsQuery,
  type SubscriptionSort,
  type SubscriptionStatus,
} from '@common/contracts/subscriptions';

/** URL search params the list keeps (so a filtered view can be bookmarked and shared). */
export const LIST_PARAM_KEYS = [
  'q',
  'status',
  'categoryId',
  'tagId',
  'ownerUserId',
  'vendorId',
  'renewalWithinDays',
  'archived',
  'sort',
  'order',
  'page',
] as const;
export type ListParamKey = (typeof LIST_PARAM_KEYS)[number];

export const PAGE_SIZE = 50;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The list query read from the URL; unknown values are ignored rather than sent to the API. */
export function queryFromParams(params: URLSearchParams): ListSubscriptionsQuery {
  const text = (key: ListParamKey) => params.get(key) || undefined;
  const page = Number(params.get('page'));
  const within = Number(params.get('renewalWithinDays'));
  return {
    q: text('q'),
    status: oneOf<SubscriptionStatus>(SUBSCRIPTION_STATUSES, params.get('status')),
    categoryId: text('categoryId'),
    tagId: text('tagId'),
    ownerUserId: text('ownerUserId'),
    vendorId: text('vendorId'),
    renewalWithinDays:
      params.get('renewalWithinDays') && Number.isInteger(within) && within >= 0 ? within : undefined,
    archived: oneOf(['false', 'true', 'all'] as const, params.get('archived')),
    sort: oneOf<SubscriptionSort>(SUBSCRIPTION_SORTS, params.get('sort')),
    order: oneOf(['asc', 'desc'] as const, params.get('order')),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    pageSize: PAGE_SIZE,
  };
}

/** The list query and a setter that writes changes to the URL (any filter change goes back to page 1). */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const update = useCallback(
    (changes: Partial<Record<ListParamKey, string | number | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { query, update };
}
