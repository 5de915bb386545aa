import { useEffect, useState } from 'react';
import {
  REPORT_FREQUENCIES,
  REPORT_KEYS,
  REPORT_LIBRARY,
  type ReportFrequency,
  type ReportKey,
  type ReportSchedule,
} from '@common/contracts/reports';
import { weekdayName } from '@common/report-periods';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useMembers } from '@/lib/team/get-members';
import { fieldErrors } from '@/lib/api-client';
import { useCreateReportSchedule } from '../api/create-report-schedule';
import { useUpdateReportSchedule } from '../api/update-report-schedule';
import { displayName } from '@common/display-name';

const FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly (fiscal quarters)',
};
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

interface FormState {
  reportKey: ReportKey;
  name: string;
  frequency: ReportFrequency;
  dayOfWeek: number;
  dayOfMonth: number;
  memberIds: string[];
  emails: string;
  attachXlsx: boolean;
}

function initialState(schedule: ReportSchedule | null, reportKey: ReportKey): FormState {
  if (!schedule) {
    return {
      reportKey,
      name: REPORT_LIBRARY[reportKey].title,
      frequency: 'monthly',
      dayOfWeek: 1,
      dayOfMonth: 1,
      memberIds: [],
      emails: '',
      attachXlsx: false,
    };
  }
  return {
    reportKey: schedule.reportKey,
    name: schedule.name,
    frequency: schedule.frequency,
    dayOfWeek: schedule.dayOfWeek ?? 1,
    dayOfMonth: schedule.dayOfMonth ?? 1,
    memberIds: schedule.recipients.memberIds,
    emails: schedule.recipients.emails.join('\n'),
    attachXlsx: schedule.attachXlsx,
  };
}

/** Addresses typed one per line or separated by commas. */
const parseEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The schedule edited; null to create one. */
  schedule?: ReportSchedule | null;
  /** The report a new schedule starts with. */
  reportKey?: ReportKey;
}

/** Create or edit a scheduled report: which report, how often, to whom, and whether to add the workbook. */
export function ScheduleDialog({
  open,
  onOpenChange,
  schedule = null,
  reportKey = 'executive-summary',
}: ScheduleDialogProps) {
  const members = useMembers();
  const create = useCreateReportSchedule();
  const update = useUpdateReportSchedule();
  const [form, setForm] = useState<FormState>(() => initialState(schedule, reportKey));
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (open) {
      setForm(initialState(schedule, reportKey));
      setErrors({});
    }
  }, [open, schedule, reportKey]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const toggleMember = (userId: string, on: boolean) =>
    set('memberIds', on ? [...form.memberIds, userId] : form.memberIds.filter((id) => id !== userId));

  const submit = () => {
    const body = {
      reportKey: form.reportKey,
      name: form.name,
      frequency: form.frequency,
      dayOfWeek: form.frequency === 'weekly' ? form.dayOfWeek : null,
      dayOfMonth: form.frequency === 'weekly' ? null : form.dayOfMonth,
      recipients: { memberIds: form.memberIds, emails: parseEmails(form.emails) },
      attachXlsx: form.attachXlsx,
    };
    const done = {
      onSuccess: () => {
        toast({ title: schedule ? 'Schedule saved' : 'Report scheduled' });
        onOpenChange(false);
      },
      onError: (e: unknown) => {
        setErrors(fieldErrors(e));
        toastError('Could not save the schedule', e);
      },
    };
    if (schedule) update.mutate({ id: schedule.id, ...body }, done);
    else create.mutate(body, done);
  };
  const pending = create.isPending || update.isPending;
  const fieldError = (...keys: string[]) => keys.map((k) => errors[k]).find(Boolean);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{schedule ? 'Edit scheduled report' : 'Schedule a report'}</DialogTitle>
          <DialogDescription>
            The report for the period just ended goes out by e-mail as a PDF, on the day you choose.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Report" error={fieldError('reportKey')}>
            <NativeSelect
              value={form.reportKey}
              onChange={(e) => {
                const key = e.target.value as ReportKey;
                // A name still matching the old report's title follows the new report.
                const renamed = form.name === REPORT_LIBRARY[form.reportKey].title;
                setForm((f) => ({
                  ...f,
                  reportKey: key,
                  name: renamed ? REPORT_LIBRARY[key].title : f.name,
                }));
              }}
            >
              {REPORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {REPORT_LIBRARY[key].title}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Name" error={fieldError('name')}>
            <Input value={form.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Frequency" error={fieldError('frequency')}>
              <NativeSelect
                value={form.frequency}
                onChange={(e) => set('frequency', e.target.value as ReportFrequency)}
              >
                {REPORT_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {FREQUENCY_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {form.frequency === 'weekly' ? (
              <FormField label="Day of the week">
                <NativeSelect
                  value={form.dayOfWeek}
                  onChange={(e) => set('dayOfWeek', Number(e.target.value))}
                >
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={d}>
                      {weekdayName(d)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : (
              <FormField
                label={form.frequency === 'monthly' ? 'Day of the month' : 'Day of the quarter’s first month'}
              >
                <NativeSelect
                  value={form.dayOfMonth}
                  onChange={(e) => set('dayOfMonth', Number(e.target.value))}
                >
                  {MONTH_DAYS.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Members</legend>
            <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2">
              {(members.data ?? []).map((m) => (
                <label key={m.userId} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={form.memberIds.includes(m.userId)}
                    onChange={(e) => toggleMember(m.userId, e.target.checked)}
                  />
                  <span>{displayName(m)}</span>
                  <span className="text-muted-foreground">{m.email}</span>
                </label>
              ))}
              {members.isPending && <p className="text-sm text-muted-foreground">Loading members…</p>}
            </div>
          </fieldset>
          <FormField
            label="Other e-mail addresses"
            hint="One per line or separated by commas."
            error={fieldError('recipients.emails', 'recipients.memberIds', 'recipients')}
          >
            <Textarea
              value={form.emails}
              rows={2}
              placeholder="cfo@example.com"
              onChange={(e) => set('emails', e.target.value)}
            />
          </FormField>
          <label className="flex items-center gap-3 text-sm">
            <Switch
              checked={form.attachXlsx}
              onCheckedChange={(v) => set('attachXlsx', v)}
              aria-label="Attach the Excel workbook"
            />
            Attach the Excel workbook too
          </label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={pending}>
            {schedule ? 'Save' : 'Schedule'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
