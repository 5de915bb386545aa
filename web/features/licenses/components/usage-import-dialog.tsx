import { useState } from 'react';
import type { ApplicationLicenses } from '@common/contracts/licenses';
import type { UsageImportBody, UsageImportResult } from '@common/contracts/usage';
import { ExistingRows, useImportDecisions } from '@/components/imports/existing-rows';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { readFileBase64, TABLE_FILE_ACCEPT } from '@/lib/read-file-text';
import { useImportUsage } from '../api/import-usage';
import { UsageReport } from './usage-report';
import { plural } from '@common/wording';

type Mapping = NonNullable<UsageImportBody['mapping']>;

/**
 * Import an activity export (Google Workspace, Microsoft 365, Slack, Okta): a dry run shows what
 * would change and which application names are unknown; map or ignore them, then import.
 */
export function UsageImportDialog({
  open,
  onOpenChange,
  applications,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applications: ApplicationLicenses[];
}) {
  const [file, setFile] = useState('');
  const [subscriptionId, setSubscriptionId] = useState('');
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [names, setNames] = useState<Record<string, string | null>>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [report, setReport] = useState<UsageImportResult | null>(null);
  const run = useImportUsage();
  const choices = useImportDecisions();
  const matched = (report?.rows ?? []).filter((r) => r.existing || r.duplicateOfRow !== null);

  const close = (next: boolean) => {
    if (!next) {
      setFile('');
      setSubscriptionId('');
      setMapping(undefined);
      setNames({});
      setReport(null);
      setSkipInvalid(false);
      choices.reset();
    }
    onOpenChange(next);
  };
  const body = (dryRun: boolean, overrides: Partial<UsageImportBody> = {}): UsageImportBody => ({
    file,
    mapping,
    subscriptionId: subscriptionId || undefined,
    applicationMap: Object.keys(names).length ? names : undefined,
    dryRun,
    skipInvalid,
    ...overrides,
  });
  const preview = (overrides: Partial<UsageImportBody> = {}) =>
    run
      .mutateAsync(body(true, overrides))
      .then(setReport, (error) =>
        toast({ variant: 'destructive', title: 'Could not read the file', description: errorMessage(error) }),
      );
  const commit = () =>
    run.mutateAsync(body(false, { decisions: choices.decisions })).then(
      (result) => {
        const skipped = result.rows.filter(
          (r) => (r.existing || r.duplicateOfRow !== null) && r.status === 'unchanged',
        ).length;
        toast({
          variant: 'success',
          title: `Activity recorded for ${plural(result.summary.updated, 'seat')}`,
          description: skipped > 0 ? `${skipped} rows already recorded that day were skipped.` : undefined,
        });
        close(false);
      },
      (error) =>
        toast({
          variant: 'destructive',
          title: 'No activity was recorded',
          description: errorMessage(error),
        }),
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import usage</DialogTitle>
          <DialogDescription>
            A CSV of activity with an e-mail, an application and a last-seen date per row — the user reports
            of Google Workspace, Microsoft 365, Slack and Okta have this shape. Seats move to the newest date;
            nothing moves back.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="usage-csv">CSV file</Label>
            <Input
              id="usage-csv"
              type="file"
              accept={TABLE_FILE_ACCEPT}
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                if (chosen) setFile(await readFileBase64(chosen));
                setReport(null);
              }}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="usage-app">The whole file is about</Label>
            <OptionsSelect
              id="usage-app"
              value={subscriptionId}
              onChange={(e) => setSubscriptionId(e.target.value)}
              emptyLabel="Several applications (a column names them)"
              options={applications.map((a) => ({ value: a.subscriptionId, label: a.name }))}
            />
          </div>
        </div>
        {report?.signal === 'sign-in' && (
          <p className="text-sm text-muted-foreground" data-testid="usage-signal">
            The dates are read as sign-ins (column “{report.mapping.lastSeen}”): they show a person signed in,
            not that they used the application, so idle-seat insights on them carry lower confidence.
          </p>
        )}
        {report && (
          <UsageReport
            report={report}
            applications={applications}
            names={names}
            onMapping={(next) => {
              setMapping(next);
              void preview({ mapping: next });
            }}
            onName={(name, id) => {
              const next = { ...names, [name]: id };
              setNames(next);
              void preview({ applicationMap: next });
            }}
          />
        )}
        <ExistingRows
          rows={matched.map((r) => ({
            ...r,
            row: r.line,
            title: `${r.email ?? ''} · ${r.application ?? ''}`,
          }))}
          total={matched.length}
          decisions={choices.decisions}
          onDefault={choices.setDefault}
          onRow={choices.setRow}
          choices={['skip', 'update']}
          rowWord="line"
        />
        {report && report.summary.error > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
            Skip the {report.summary.error} rows with errors
          </label>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          {!report ? (
            <Button disabled={!file || run.isPending} onClick={() => void preview()}>
              Preview
            </Button>
          ) : (
            <Button
              disabled={run.isPending || (report.summary.error > 0 && !skipInvalid)}
              onClick={() => void commit()}
            >
              Record activity
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
