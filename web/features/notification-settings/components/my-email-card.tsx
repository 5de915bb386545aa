import { EMAIL_MODES, type EmailMode } from '@common/alerts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useMyPreference } from '../api/get-my-preference';
import { useUpdateMyPreference } from '../api/update-my-preference';

const OPTIONS: Record<EmailMode, { label: string; description: string }> = {
  immediate: { label: 'Immediately', description: 'One e-mail per alert, as it happens.' },
  digest: { label: 'Daily digest', description: 'One e-mail a day with every new alert.' },
  off: { label: 'Off', description: 'Only the notification bell.' },
};

/** The signed-in member's own choice: alert e-mails immediately, as a daily digest, or not at all. */
export function MyEmailCard() {
  const { data } = useMyPreference();
  const update = useUpdateMyPreference();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your alert e-mails</CardTitle>
        <CardDescription>Applies to you only, for the alerts this workspace sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-2 sm:grid-cols-3" disabled={!data || update.isPending}>
          <legend className="sr-only">How you receive alert e-mails</legend>
          {EMAIL_MODES.map((mode) => (
            <label
              key={mode}
              className="flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="email-mode"
                value={mode}
                className="mt-0.5 accent-primary"
                checked={data?.emailMode === mode}
                onChange={() =>
                  update.mutate(mode, {
                    onSuccess: () => toast({ variant: 'success', title: 'E-mail preference saved' }),
                    onError: (error) => toastError('Could not save', error),
                  })
                }
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{OPTIONS[mode].label}</span>
                <span className="text-xs text-muted-foreground">{OPTIONS[mode].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
