import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useUpdateOrganization } from '@/lib/organizations/update-organization';
import { errorMessage } from '@/lib/api-client';

/** Auto-renew at the end of a trial (owner only): PATCH /api/organization { autoRenewTrial }. */
export function AutoRenewSwitch({ checked, disabled }: { checked: boolean; disabled?: boolean }) {
  const update = useUpdateOrganization();
  const toggle = (next: boolean) =>
    update.mutate(
      { autoRenewTrial: next },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: next ? 'Auto-renew is on' : 'Auto-renew is off' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not change auto-renew',
            description: errorMessage(error),
          }),
      },
    );
  return (
    <Switch
      id="auto-renew"
      checked={checked}
      disabled={disabled || update.isPending}
      onCheckedChange={toggle}
      aria-label="Auto-renew when the trial ends"
    />
  );
}
