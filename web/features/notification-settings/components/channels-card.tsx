import type { ReactNode } from 'react';
import { KeyRound } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { UpdateNotificationSettingsInput } from '@common/contracts/notification-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EMAIL_ROLE_OPTIONS } from './role-labels';
import { TestButton } from './test-button';

interface ChannelsCardProps {
  register: UseFormRegister<UpdateNotificationSettingsInput>;
  errors: FieldErrors<UpdateNotificationSettingsInput>;
  slackAllowed: boolean;
  secretHint: string | null;
  onRotateSecret: () => void;
  /** Unsaved changes: tests would use the saved settings, so say so. */
  dirty: boolean;
}

const nullIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function Section({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-3 border-b pb-5 last:border-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="text-sm font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
        {aside && <div className="shrink-0">{aside}</div>}
      </div>
      {children}
    </div>
  );
}

/** Where alerts go: the bell, e-mail, Slack and a signed webhook. */
export function ChannelsCard({
  register,
  errors,
  slackAllowed,
  secretHint,
  onRotateSecret,
  dirty,
}: ChannelsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Channels</CardTitle>
        <CardDescription>
          {dirty
            ? 'Save your changes first: tests use the saved settings.'
            : 'Every alert shows in the bell; choose where else it goes.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Section
          title="In-app"
          description="Always on: alerts appear in the notification bell with a link to the record."
          aside={<TestButton channel="in-app" />}
        />
        <Section
          title="E-mail"
          description="To the application's owner and to members with the chosen roles; each member picks immediate e-mails or a daily digest below."
          aside={<TestButton channel="email" />}
        >
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...register('channels.email.enabled')}
            />
            Send alert e-mails
          </label>
          <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
            <legend className="mb-1.5 text-xs text-muted-foreground">Roles that receive every alert</legend>
            {EMAIL_ROLE_OPTIONS.map(({ role, label }) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={role}
                  className="size-4 accent-primary"
                  {...register('channels.email.roles')}
                />
                {label}s
              </label>
            ))}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                {...register('channels.email.applicationOwner')}
              />
              The application's owner
            </label>
          </fieldset>
        </Section>
        <Section
          title="Slack"
          description="Posts to a channel through a Slack incoming webhook (or any Slack-compatible one)."
          aside={
            slackAllowed ? (
              <TestButton channel="slack" disabled={dirty} />
            ) : (
              <Badge variant="outline">Growth plan</Badge>
            )
          }
        >
          <fieldset disabled={!slackAllowed} className="grid gap-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                {...register('channels.slack.enabled')}
              />
              Post alerts to Slack
            </label>
            <FormField label="Incoming webhook URL" error={errors.channels?.slack?.webhookUrl?.message}>
              <Input
                placeholder="https://hooks.slack.com/services/…"
                {...register('channels.slack.webhookUrl', { setValueAs: nullIfBlank })}
              />
            </FormField>
          </fieldset>
        </Section>
        <Section
          title="Webhook"
          description="A JSON POST for each alert, signed with X-Stackwise-Signature: sha256=HMAC of the body with your secret; failed deliveries retry with back-off."
          aside={<TestButton channel="webhook" disabled={dirty} />}
        >
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...register('channels.webhook.enabled')}
            />
            Send alerts to a webhook
          </label>
          <FormField label="Webhook URL" error={errors.channels?.webhook?.url?.message}>
            <Input
              placeholder="https://example.com/hooks/stackwise"
              {...register('channels.webhook.url', { setValueAs: nullIfBlank })}
            />
          </FormField>
          {secretHint && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
              Signing secret <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{secretHint}</code>
              <Button type="button" variant="ghost" size="sm" onClick={onRotateSecret}>
                Rotate secret
              </Button>
            </div>
          )}
        </Section>
      </CardContent>
    </Card>
  );
}
