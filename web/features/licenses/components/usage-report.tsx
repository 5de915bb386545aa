import type { ApplicationLicenses } from '@common/contracts/licenses';
import { USAGE_IMPORT_FIELDS, type UsageImportResult } from '@common/contracts/usage';
import { NativeSelect } from '@/components/ui/input';
import { optionsOf, OptionsSelect } from '@/components/ui/options-select';
import { Label } from '@/components/ui/label';
import { RowErrors } from '@/components/imports/row-errors';

const FIELD_LABELS = {
  email: 'E-mail',
  application: 'Application',
  lastSeen: 'Last seen',
  assigned: 'Assigned (optional)',
} as const;
const STATUS_LABELS = {
  updated: 'seats updated',
  unchanged: 'already up to date',
  never: 'never active',
  skipped: 'skipped (not in People or no seat)',
  ignored: 'ignored',
  error: 'with errors',
} as const;

/** The dry run's report: columns, counts per outcome, unknown application names to map, and errors. */
export function UsageReport({
  report,
  applications,
  names,
  onMapping,
  onName,
}: {
  report: UsageImportResult;
  applications: ApplicationLicenses[];
  names: Record<string, string | null>;
  onMapping: (mapping: Record<string, string | null>) => void;
  onName: (name: string, subscriptionId: string | null) => void;
}) {
  const errors = report.rows.flatMap((r) => r.errors).slice(0, 20);
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-4">
        {USAGE_IMPORT_FIELDS.map((field) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`usage-map-${field}`} className="text-xs text-muted-foreground">
              {FIELD_LABELS[field]}
            </Label>
            <OptionsSelect
              id={`usage-map-${field}`}
              value={report.mapping[field] ?? ''}
              onChange={(e) => onMapping({ ...report.mapping, [field]: e.target.value || null })}
              emptyLabel="— Not in the file —"
              options={optionsOf(report.headers, (h) => h)}
            />
          </div>
        ))}
      </div>
      <ul className="grid gap-1 text-sm" aria-live="polite">
        {(Object.keys(STATUS_LABELS) as Array<keyof typeof STATUS_LABELS>)
          .filter((s) => report.summary[s] > 0)
          .map((s) => (
            <li key={s} className={s === 'error' ? 'text-destructive' : undefined}>
              <strong className="tabular-nums">{report.summary[s]}</strong> {STATUS_LABELS[s]}
            </li>
          ))}
      </ul>
      {report.unmatchedApplications.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Which application is this?</p>
          {report.unmatchedApplications.map((name) => (
            <div key={name} className="grid grid-cols-[1fr_16rem] items-center gap-3 text-sm">
              <span className="truncate">{name}</span>
              <NativeSelect
                aria-label={`Application for ${name}`}
                value={names[name] === null ? '__ignore' : (names[name] ?? '')}
                onChange={(e) =>
                  e.target.value && onName(name, e.target.value === '__ignore' ? null : e.target.value)
                }
              >
                <option value="">Choose…</option>
                <option value="__ignore">Ignore these rows</option>
                {applications.map((a) => (
                  <option key={a.subscriptionId} value={a.subscriptionId}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
      )}
      <RowErrors errors={errors} labels={FIELD_LABELS} />
    </div>
  );
}
