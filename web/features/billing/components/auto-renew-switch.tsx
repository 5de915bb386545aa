import { Switch } from 'radix-ui';
import { toast } from '@/components/ui/use-toast';
import { useUpdateOrganization } from '@/features/organizations';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** Auto-renew at the end of a trial (owner only): PATCH /api/organization { autoRenewTrial }. */
export function AutoRenewSwitch({ checked, disabled }: { checked: boolean; disabled?: boolean }) {
  const update = useUpdateOrganization();
  const toggle = (next: boolean) =>
    update.mutate(
      { autoRenewTrial: next },
      {
        onSuccess: () => toast({ variant: 'success', title: next ? 'Auto-renew is on' : 'Auto-renew is off' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not change auto-renew', description: errorMessage(error) }),
      },
    );
  return (
    <Switch.Root
      id="auto-renew"
      checked={checked}
      disabled={disabled || update.isPending}
      onCheckedChange={toggle}
      aria-label="Auto-renew when the trial ends"
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:bg-primary',
      )}
    >
      <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </Switch.Root>
  );
}
