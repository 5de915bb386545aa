import { useState } from 'react';
import { AUDIT_RETENTION_CHOICES } from '@common/security';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAuditSettings } from '../api/get-audit-settings';
import { useUpdateAuditSettings } from '../api/update-audit-settings';

const retentionLabel = (days: number) =>
  days === 0
    ? 'Forever'
    : days % 365 === 0
      ? `${days / 365} ${days === 365 ? 'year' : 'years'}`
      : `${days} days`;

/** How long the log keeps events; older ones are deleted each night. */
export function RetentionCard() {
  const settings = useAuditSettings();
  const update = useUpdateAuditSettings();
  const [choice, setChoice] = useState<number | null>(null);
  const saved = settings.data?.retentionDays;
  const value = choice ?? saved;
  const save = () =>
    value !== undefined &&
    update.mutate(
      { retentionDays: value },
      {
        onSuccess: () => {
          setChoice(null);
          toast({ variant: 'success', title: 'Retention saved' });
        },
        onError: (e) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(e) }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Retention</CardTitle>
        <CardDescription>Events older than this are deleted every night.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-retention">Keep events for</Label>
          <NativeSelect
            id="audit-retention"
            className="w-40"
            disabled={value === undefined}
            value={value ?? ''}
            onChange={(e) => setChoice(Number(e.target.value))}
          >
            {AUDIT_RETENTION_CHOICES.map((days) => (
              <option key={days} value={days}>
                {retentionLabel(days)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button onClick={save} disabled={value === undefined || value === saved || update.isPending}>
          Save
        </Button>
      </CardContent>
    </Card>
  );
}
