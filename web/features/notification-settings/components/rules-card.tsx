import type { InputHTMLAttributes } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { UpdateNotificationSettingsInput } from '@common/contracts/notification-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { OffsetChips } from './offset-chips';

type OffsetRule = 'cancelBy' | 'dueSoon' | 'autoRenewal' | 'contractExpiry';

const OFFSET_RULES: Array<{ key: OffsetRule; title: string; description: string }> = [
  {
    key: 'cancelBy',
    title: 'Cancel-by reminders',
    description:
      'Days before the cancel-by date (the renewal date minus the notice period), the last day to cancel or renegotiate.',
  },
  { key: 'dueSoon', title: 'Renewal due soon', description: 'Days before the renewal date itself.' },
  {
    key: 'autoRenewal',
    title: 'Auto-renewal charge',
    description: 'Days before an auto-renewing application is charged.',
  },
  {
    key: 'contractExpiry',
    title: 'Contract expiry',
    description: 'Days before a contract that does not renew by itself ends.',
  },
];

interface RulesCardProps {
  control: Control<UpdateNotificationSettingsInput>;
  register: UseFormRegister<UpdateNotificationSettingsInput>;
  errors: FieldErrors<UpdateNotificationSettingsInput>;
}

function Toggle({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" className="size-4 accent-primary" {...props} />
      {label}
    </label>
  );
}

/** Which alerts are raised and how early; priority follows the days left (high ≤ 7, medium ≤ 30). */
export function RulesCard({ control, register, errors }: RulesCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert rules</CardTitle>
        <CardDescription>
          Each reminder is sent once per renewal and offset. Priority is high within 7 days or when overdue,
          medium within 30 days, low beyond.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {OFFSET_RULES.map((rule) => (
          <div key={rule.key} className="grid gap-2 border-b pb-5 last:border-0 last:pb-0">
            <Toggle label={rule.title} {...register(`rules.${rule.key}.enabled`)} />
            <p className="text-xs text-muted-foreground">{rule.description}</p>
            <Controller
              control={control}
              name={`rules.${rule.key}.offsets`}
              render={({ field, fieldState }) => (
                <OffsetChips
                  label={rule.title}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message ?? errors.rules?.[rule.key]?.offsets?.[0]?.message}
                />
              )}
            />
          </div>
        ))}
        <div className="grid gap-2 border-b pb-5">
          <Toggle label="Overdue" {...register('rules.overdue.enabled')} />
          <p className="text-xs text-muted-foreground">
            Once, when a renewal date passed without a decision (manual renewals).
          </p>
        </div>
        <div className="grid gap-2">
          <Toggle label="Cost alerts" {...register('rules.costAlert.enabled')} />
          <p className="text-xs text-muted-foreground">
            When a charge exceeds what the application should cost.
          </p>
          <label className="flex items-center gap-2 text-sm">
            More than
            <Input
              type="number"
              min={0}
              step="0.1"
              aria-label="Cost alert threshold (%)"
              className="h-8 w-20"
              {...register('rules.costAlert.thresholdPct', { valueAsNumber: true })}
            />
            % above the expected amount
          </label>
          {errors.rules?.costAlert?.thresholdPct && (
            <p className="text-xs font-medium text-destructive">
              {errors.rules.costAlert.thresholdPct.message}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
