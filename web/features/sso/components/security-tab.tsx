import { can } from '@common/roles';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PlanGate } from '@/components/billing/plan-gate';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useSsoConnection } from '../api/get-sso-connection';
import { ConnectionCard } from './connection-card';
import { DomainsCard } from './domains-card';

/** Settings → Security (Scale): the single sign-on connection and the domains it signs in. */
export function SecurityTab() {
  return (
    <PlanGate feature="sso">
      <SecuritySettings />
    </PlanGate>
  );
}

function SecuritySettings() {
  const organization = useOrganization();
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  if (organization.isPending) return <Spinner />;
  if (!canManage) {
    return (
      <Card className="p-6 text-sm text-muted-foreground">
        Only owners and admins can manage single sign-on.
      </Card>
    );
  }
  return <ManagedSecurity />;
}

function ManagedSecurity() {
  const connection = useSsoConnection();
  if (connection.isPending) return <Spinner />;
  if (connection.error || !connection.data) {
    return (
      <Card className="p-6 text-sm text-destructive">
        Could not load single sign-on. {errorMessage(connection.error)}
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <ConnectionCard connection={connection.data} />
      <DomainsCard />
    </div>
  );
}
