import type { ReactNode } from 'react';
import type { Feature } from '@common/plans';
import { Spinner } from '@/components/ui/spinner';
import { UpgradePrompt } from '@/features/billing';

interface Props {
  feature: Feature;
  access: { loading: boolean; viewAllowed: boolean };
  /** The page's list: below Scale it may still hold what was made before a downgrade. */
  query: { isPending: boolean; data?: ReadonlyArray<{ isDefault: boolean }> };
  children: ReactNode;
}

/**
 * A Scale page: its content on Scale; below it the upgrade prompt, with the content read-only under
 * it when a downgrade left entities or brands beyond the default (they stay readable, no new ones).
 */
export function ScaleGate({ feature, access, query, children }: Props) {
  if (access.loading) return <Spinner />;
  if (access.viewAllowed) return <>{children}</>;
  if (query.isPending) return <Spinner />;
  const keptFromScale = (query.data ?? []).some((item) => !item.isDefault);
  return (
    <>
      <UpgradePrompt feature={feature} />
      {keptFromScale && children}
    </>
  );
}
