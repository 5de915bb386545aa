import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ApiKeysTab } from '@/features/api-keys';
import { AuditLogTab } from '@/features/audit-log';
import { PeerSharingCard } from '@/features/benchmarks';
import { BillingTab, PlansTab } from '@/features/billing';
import { CurrenciesTab } from '@/features/fx-rates';
import { IntegrationsTab } from '@/features/integrations';
import { InvoiceForwardingTab } from '@/features/invoice-forwarding';
import { NotificationsTab } from '@/features/notification-settings';
import { OperationsTab } from '@/features/operations';
import { ScimCard } from '@/features/scim';
import { SecurityTab } from '@/features/sso';
import { TeamPage } from '@/features/team';
import {
  OrganizationTab,
  ProfileTab,
  SettingsListTab,
  SettingsShell,
  findSettingsTab,
  RENAMED_SETTINGS_TABS,
  SETTINGS_TABS,
} from '@/features/settings';
import type { SettingsListName } from '@/lib/settings/settings-lists';

/** Settings tabs that manage a list, with the noun for one item. */
const LIST_TABS: Record<string, { list: SettingsListName; noun: string }> = {
  categories: { list: 'categories', noun: 'category' },
  tags: { list: 'tags', noun: 'tag' },
  'payment-methods': { list: 'paymentMethods', noun: 'payment method' },
  'use-cases': { list: 'useCases', noun: 'use case' },
  projects: { list: 'projects', noun: 'project' },
};

/** /app/settings/{tab}: every tab of SETTINGS_TABS; the list tabs share one screen. */
export function SettingsPage() {
  const { tab: tabId } = useParams();
  const renamed = tabId ? RENAMED_SETTINGS_TABS[tabId] : undefined;
  if (renamed) return <Navigate to={`/app/settings/${renamed}`} replace />;
  const tab = findSettingsTab(tabId);
  if (!tab) return <Navigate to={`/app/settings/${SETTINGS_TABS[0].id}`} replace />;
  if (!tabId) return <Navigate to={`/app/settings/${tab.id}`} replace />;

  return (
    <SettingsShell>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight">{tab.label}</h2>
          <p className="text-sm text-muted-foreground">{tab.description}</p>
        </div>
        {tab.id === 'profile' ? (
          <ProfileTab />
        ) : tab.id === 'organization' ? (
          <>
            <OrganizationTab />
            <PeerSharingCard />
          </>
        ) : tab.id === 'currencies' ? (
          <Suspense fallback={<Spinner />}>
            <CurrenciesTab />
          </Suspense>
        ) : tab.id === 'plans' ? (
          <PlansTab />
        ) : tab.id === 'billing' ? (
          <BillingTab />
        ) : tab.id === 'notifications' ? (
          <NotificationsTab />
        ) : tab.id === 'team' ? (
          <TeamPage embedded />
        ) : tab.id === 'invoice-forwarding' ? (
          <Suspense fallback={<Spinner />}>
            <InvoiceForwardingTab />
          </Suspense>
        ) : tab.id === 'integrations' ? (
          <IntegrationsTab />
        ) : tab.id === 'security' ? (
          <Suspense fallback={<Spinner />}>
            <div className="grid gap-6">
              <SecurityTab />
              <ScimCard />
            </div>
          </Suspense>
        ) : tab.id === 'api' ? (
          <ApiKeysTab />
        ) : tab.id === 'operations' ? (
          <OperationsTab />
        ) : tab.id === 'audit' ? (
          <AuditLogTab />
        ) : (
          <SettingsListTab key={tab.id} list={LIST_TABS[tab.id].list} noun={LIST_TABS[tab.id].noun} />
        )}
      </div>
    </SettingsShell>
  );
}
