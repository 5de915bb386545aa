import { INACTIVITY_DAY_CHOICES, type InactivityDays } from '@common/licenses';
import { can } from '@common/roles';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateLicenseSettings } from '../api/update-license-settings';
import type { LicenseAccess } from '@/lib/licenses/license-access';

/** "Inactive after 30/60/90 days": the organization's window; owners and admins change it. */
export function InactivitySelect({ days, access }: { days: number; access: LicenseAccess }) {
  const update = useUpdateLicenseSettings();
  const allowed = can(access.role, 'settings.manage');
  return (
    <NativeSelect
      aria-label="Inactive after"
      className="w-52"
      value={days}
      disabled={!allowed || update.isPending}
      title={allowed ? undefined : 'Owners and admins choose the inactivity window.'}
      onChange={(e) =>
        update.mutateAsync({ inactivityDays: Number(e.target.value) as InactivityDays }).then(
          () => toast({ title: `Seats now count as inactive after ${e.target.value} days` }),
          (error) =>
            toast({ variant: 'destructive', title: 'Could not change it', description: errorMessage(error) }),
        )
      }
    >
      {INACTIVITY_DAY_CHOICES.map((n) => (
        <option key={n} value={n}>
          Inactive after {n} days
        </option>
      ))}
    </NativeSelect>
  );
}
