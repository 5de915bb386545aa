import { useState } from 'react';
import {
  PEOPLE_IMPORT_FIELDS,
  type PeopleImportField,
  type PeopleImportMapping,
  type PeopleImportPreview,
} from '@common/contracts/people-import';
import type { ImportDecisions } from '@common/contracts/import-existing';
import { ExistingRows, matchText, useImportDecisions } from '@/components/imports/existing-rows';
import { RowErrors } from '@/components/imports/row-errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';

const FIELD_LABELS: Record<PeopleImportField, string> = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  department: 'Department',
  team: 'Team',
  title: 'Title',
  managerEmail: 'Manager e-mail',
  startDate: 'Start date',
  endDate: 'End date',
};
const ACTION_BADGE = {
  create: { label: 'New', variant: 'success' },
  update: { label: 'Update', variant: 'default' },
  unchanged: { label: 'Unchanged', variant: 'secondary' },
  error: { label: 'Error', variant: 'destructive' },
} as const;
const SHOWN_ROWS = 100;

/** Column mapping, what each row will do, and the import buttons. */
export function ImportReviewStep({
  preview,
  pending,
  onMappingChange,
  onBack,
  onImport,
}: {
  preview: PeopleImportPreview;
  pending: boolean;
  onMappingChange: (mapping: PeopleImportMapping) => void;
  onBack: () => void;
  onImport: (skipInvalid: boolean, decisions: ImportDecisions) => void;
}) {
  const [skipInvalid, setSkipInvalid] = useState(false);
  const choices = useImportDecisions();
  const { summary } = preview;
  const matched = preview.rows.filter((r) => r.existing && r.action !== 'error');
  const chosen = new Map(choices.decisions.rows.map((d) => [d.row, d.decision]));
  // People already in Stackwise are updated only when the user says so (skipped by default).
  const updating = matched.filter(
    (r) => r.action === 'update' && (chosen.get(r.line) ?? choices.decisions.default) === 'update',
  ).length;
  // Errors first, so the rows that need attention are on top.
  const rows = [...preview.rows].sort(
    (a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.line - b.line,
  );
  const importable = summary.create + updating;

  const change = (field: PeopleImportField, header: string) =>
    onMappingChange({ ...preview.mapping, [field]: header === '' ? null : header });

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Columns</legend>
        {PEOPLE_IMPORT_FIELDS.map((field) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`map-${field}`} className="text-xs text-muted-foreground">
              {FIELD_LABELS[field]}
              {field === 'email' ? ' (required)' : ''}
            </Label>
            <NativeSelect
              id={`map-${field}`}
              value={preview.mapping[field] ?? ''}
              disabled={pending}
              onChange={(e) => change(field, e.target.value)}
            >
              <option value="">— Not in the file —</option>
              {preview.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </fieldset>

      <p className="text-sm" aria-live="polite">
        {summary.rows} rows: <strong>{summary.create}</strong> new, <strong>{matched.length}</strong> already
        in Stackwise ({summary.update} with changes)
        {summary.error > 0 && (
          <>
            , <strong className="text-destructive">{summary.error} with errors</strong>
          </>
        )}
        .
        {preview.offboardCandidates.length > 0 &&
          ` ${preview.offboardCandidates.length} people are not in the file; you can offboard them after the import.`}
      </p>

      <ExistingRows
        rows={matched.map((r) => ({ ...r, row: r.line, title: r.email ?? r.name }))}
        total={matched.length}
        decisions={choices.decisions}
        onDefault={choices.setDefault}
        onRow={choices.setRow}
        choices={['skip', 'update']}
        rowWord="line"
      />

      <div className="max-h-72 overflow-y-auto rounded-lg border">
        <Table>
          <TableColumns columns={['Row', 'Person', 'Result', 'Details']} />
          <TableBody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <TableRow key={row.line}>
                <TableCell className="text-muted-foreground tabular-nums">{row.line}</TableCell>
                <TableCell>
                  <div className="font-medium">{row.name || '—'}</div>
                  <div className="text-xs text-muted-foreground">{row.email ?? ''}</div>
                </TableCell>
                <TableCell>
                  <Badge variant={ACTION_BADGE[row.action].variant}>{ACTION_BADGE[row.action].label}</Badge>
                </TableCell>
                <TableCell className="text-xs">
                  <RowErrors
                    errors={row.errors}
                    labels={FIELD_LABELS}
                    label={`Errors on line ${row.line}`}
                    inline
                  />
                  {row.warnings.map((w) => (
                    <p key={w} className="text-warning">
                      {w}
                    </p>
                  ))}
                  {row.existing && <p className="text-muted-foreground">{matchText(row, 'line')}</p>}
                  {row.action === 'update' && (
                    <p className="text-muted-foreground">Changes {row.changes.join(', ')}</p>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {rows.length > SHOWN_ROWS && (
          <p className="p-2 text-center text-xs text-muted-foreground">
            and {rows.length - SHOWN_ROWS} more rows
          </p>
        )}
      </div>

      {summary.error > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
          Skip the {summary.error} rows with errors and import the rest
        </label>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button
          onClick={() => onImport(skipInvalid, choices.decisions)}
          disabled={
            pending ||
            (summary.error > 0 && !skipInvalid) ||
            (importable === 0 && preview.offboardCandidates.length === 0)
          }
        >
          {importable > 0 ? `Import ${importable} ${importable === 1 ? 'person' : 'people'}` : 'Continue'}
        </Button>
      </DialogFooter>
    </div>
  );
}
