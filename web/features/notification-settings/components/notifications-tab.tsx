import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  updateNotificationSettingsBody,
  type NotificationSettings,
} from '@common/contracts/notification-settings';
import { canUseFeature } from '@common/plans';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { ChannelsCard } from './channels-card';
import { MyEmailCard } from './my-email-card';
import { RulesCard } from './rules-card';
import { SecretDialog } from './secret-dialog';

type Input = z.input<typeof updateNotificationSettingsBody>;
type Output = z.output<typeof updateNotificationSettingsBody>;

function formValues(settings: NotificationSettings): Input {
  const { email, slack, webhook } = settings.channels;
  return {
    rules: settings.rules,
    channels: { email, slack, webhook: { enabled: webhook.enabled, url: webhook.url } },
  };
}

/** The organization's rules and channels; mounted with the loaded settings as its starting values. */
function SettingsForm({ settings, slackAllowed }: { settings: NotificationSettings; slackAllowed: boolean }) {
  const update = useUpdateNotificationSettings();
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(updateNotificationSettingsBody),
    defaultValues: formValues(settings),
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast({ variant: 'success', title: 'Notification settings saved' });
        form.reset(formValues(saved));
        if (saved.webhookSecret) setSecret(saved.webhookSecret);
      },
      onError: (err) => {
        for (const [field, message] of Object.entries(fieldErrors(err))) {
          form.setError(field as Parameters<typeof form.setError>[0], { message });
        }
        toastError('Could not save the settings', err);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <RulesCard control={form.control} register={form.register} errors={errors} />
      <ChannelsCard
        register={form.register}
        errors={errors}
        slackAllowed={slackAllowed}
        secretHint={settings.channels.webhook.secretHint}
        dirty={isDirty}
        onRotateSecret={() =>
          rotate.mutate(undefined, {
            onSuccess: (result) => setSecret(result.webhookSecret),
            onError: (err) => toastError('Could not rotate the secret', err),
          })
        }
      />
      <div className="flex items-center justify-end gap-3">
        {!settings.configured && (
          <span className="text-xs text-muted-foreground">Using the defaults until you save.</span>
        )}
        <Button type="submit" disabled={update.isPending || (settings.configured && !isDirty)}>
          Save notification settings
        </Button>
      </div>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </form>
  );
}

/** /app/settings/notifications: alert rules and channels (owners and admins), and each member's e-mail choice. */
export function NotificationsTab() {
  const { data: organization } = useOrganization();
  const manage = organization ? can(organization.role, 'settings.manage') : false;
  const { data: settings, isPending, isError, error } = useNotificationSettings(manage);

  return (
    <div className="grid gap-6">
      {!organization ? (
        <Spinner />
      ) : !manage ? (
        <p className="text-sm text-muted-foreground">
          Only owners and admins change the workspace's alert rules and channels.
        </p>
      ) : isPending ? (
        <Spinner />
      ) : isError ? (
        <p className="text-sm text-destructive">
          The notification settings could not be loaded: {errorMessage(error)}
        </p>
      ) : (
        <SettingsForm settings={settings} slackAllowed={canUseFeature(organization.effectivePlan, 'slack')} />
      )}
      <MyEmailCard />
    </div>
  );
}
