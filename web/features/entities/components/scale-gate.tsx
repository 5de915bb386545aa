import type { ReactNode } from 'react';
import type { Feature } from '@common/plans';
import { Spinner } from '@/components/ui/spinner';
import { UpgradePrompt } from '@/components/billing/plan-gate';

interface Props {
  feature: Feature;
  access: { loading: boolean; viewAllowed: boolean };
  /** The page's list: below Scale it may still hold what was made before a downgrade. */
  query: { isPending: boolean; data?: ReadonlyArray<{ isDefault: boolean }> };
  header: ReactNode;
  children: ReactNode;
}

/**
 * A Scale page: its content on Scale; below it the upgrade prompt in its place, as on every gated
 * page, except when a downgrade left entities or brands beyond the default: they stay readable
 * under the prompt (no new ones).
 */
export function ScaleGate({ feature, access, query, header, children }: Props) {
  if (access.loading) return <Spinner />;
  if (access.viewAllowed)
    return (
      <>
        {header}
        {children}
      </>
    );
  if (query.isPending) return <Spinner />;
  if (!(query.data ?? []).some((item) => !item.isDefault)) return <UpgradePrompt feature={feature} />;
  return (
    <>
      {header}
      <UpgradePrompt feature={feature} />
      {children}
    </>
  );
}
