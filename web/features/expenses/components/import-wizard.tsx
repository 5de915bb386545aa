import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { ColumnMappingInput as ColumnMapping, ImportCommit, ImportPreview, ImportUpload } from '@common/contracts/expenses';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { namedOptions, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useSettingsData } from '@/lib/settings/settings-data-provider';
import { errorMessage } from '@/lib/api-client';
import { CURRENCY_OPTIONS } from '@/lib/currencies';
import { formatNumber } from '@/lib/format';
import { useCommitImport } from '../api/commit-import';
import { previewImport } from '../api/preview-import';
import { uploadStatement } from '../api/upload-statement';
import { ImportMappingStep } from './import-mapping-step';
import { ImportPreviewStep } from './import-preview-step';
import { ImportUploadStep } from './import-upload-step';
import { ImportProgress } from '@/components/imports/import-progress';
import type { Progress } from '@/lib/progress-request';
import type { ImportDecisions } from '@common/contracts/import-existing';
import { decisionFor } from '@common/import-decisions';
import { outcomeText, useImportDecisions } from '@/components/imports/existing-rows';

/** New rows, plus rows already booked that the user creates anyway (unlisted ones follow the choice for all). */
function importableRows(preview: ImportPreview, decisions: ImportDecisions) {
  const chosen = new Map(decisions.rows.map((d) => [d.row, d.decision]));
  const listed = preview.duplicates.filter((d) => decisionFor(d, chosen.get(d.line), decisions) === 'create');
  const unlisted = decisions.default === 'create' ? preview.counts.duplicates - preview.duplicates.length : 0;
  return preview.counts.valid - preview.counts.duplicates + listed.length + unlisted;
}

type Step = 'upload' | 'mapping' | 'preview' | 'done';
const TITLES: Record<Step, string> = {
  upload: 'Import a statement',
  mapping: 'Check the columns',
  preview: 'Review before importing',
  done: 'Import finished',
};

/** Upload (with progress) → mapping (CSV) → preview with errors and duplicates → one-transaction commit. */
export function ImportWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const organization = useOrganization();
  const { paymentMethods } = useSettingsData();
  const commit = useCommitImport();
  const [step, setStep] = useState<Step>('upload');
  const [progress, setProgress] = useState<number | null>(null);
  const [commitProgress, setCommitProgress] = useState<Progress | null>(null);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportCommit | null>(null);
  const [currency, setCurrency] = useState<string>('');
  const [includeCredits, setIncludeCredits] = useState(false);
  const [paymentMethodId, setPaymentMethodId] = useState('');
  const choices = useImportDecisions();
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const defaultCurrency = (currency || organization.data?.currency || 'USD') as 'USD';

  const reset = () => {
    setStep('upload');
    setProgress(null);
    setUpload(null);
    setMapping(null);
    setPreview(null);
    setResult(null);
    choices.reset();
    setSkipInvalid(false);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const fail = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: errorMessage(error) });
  const options = () => ({
    mapping: upload?.format === 'csv' ? (mapping ?? undefined) : undefined,
    defaultCurrency,
    includeCredits,
    paymentMethodId: paymentMethodId || null,
  });

  const runPreview = async (batch: ImportUpload) => {
    setBusy(true);
    try {
      setPreview(await previewImport(batch.batchId, { ...options(), mapping: batch.format === 'csv' ? (mapping ?? batch.mapping ?? undefined) : undefined }));
      choices.reset();
      setStep('preview');
    } catch (error) {
      fail('The file could not be previewed')(error);
    } finally {
      setBusy(false);
    }
  };
  const onFile = async (file: File) => {
    setProgress(0);
    try {
      const uploaded = await uploadStatement(file, setProgress);
      setUpload(uploaded);
      setMapping(uploaded.mapping);
      if (uploaded.format === 'csv') setStep('mapping');
      else await runPreview(uploaded);
    } catch (error) {
      fail('The file could not be read')(error);
    } finally {
      setProgress(null);
    }
  };
  const onCommit = () => {
    if (!upload) return;
    setCommitProgress(null);
    commit.mutate(
      {
        batchId: upload.batchId,
        options: { ...options(), decisions: choices.decisions, skipInvalidRows: skipInvalid },
        onProgress: setCommitProgress,
      },
      {
        onSuccess: (done) => {
          setResult(done);
          setStep('done');
        },
        onError: fail('Nothing was imported'),
      },
    );
  };
  const importable = preview ? importableRows(preview, choices.decisions) : 0;
  const blocked = preview !== null && preview.counts.errors > 0 && !skipInvalid;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{TITLES[step]}</DialogTitle>
          <DialogDescription>{upload ? `${upload.fileName} · ${upload.format.toUpperCase()}` : 'Bank and card statements from any bank.'}</DialogDescription>
        </DialogHeader>
        {(step === 'upload' || step === 'mapping') && (
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Currency of rows without one">
              <OptionsSelect
                value={defaultCurrency}
                onChange={(e) => setCurrency(e.target.value)}
                options={CURRENCY_OPTIONS.map((c) => ({ value: c.code, label: c.code }))}
              />
            </FormField>
            <FormField label="Paid with">
              <OptionsSelect
                value={paymentMethodId}
                onChange={(e) => setPaymentMethodId(e.target.value)}
                emptyLabel="Not set"
                options={namedOptions(paymentMethods)}
              />
            </FormField>
            <label className="flex items-end gap-2 pb-2 text-sm">
              <input type="checkbox" checked={includeCredits} onChange={(e) => setIncludeCredits(e.target.checked)} className="accent-primary" />
              Import refunds (money in)
            </label>
          </div>
        )}
        {step === 'upload' && <ImportUploadStep progress={progress} onFile={onFile} />}
        {step === 'mapping' && upload && mapping && <ImportMappingStep upload={upload} mapping={mapping} onChange={setMapping} />}
        {step === 'mapping' && upload && !mapping && (
          <p className="text-sm text-destructive">No date and amount columns were recognised in this file. Is it a bank or card statement?</p>
        )}
        {step === 'preview' && preview && (
          <ImportPreviewStep
            preview={preview}
            decisions={choices.decisions}
            onDefault={choices.setDefault}
            onRow={choices.setRow}
            importable={importable}
            skipInvalid={skipInvalid}
            onSkipInvalid={setSkipInvalid}
          />
        )}
        {commit.isPending && (
          <ImportProgress progress={commitProgress} noun="expenses" finishing="Matching charges and updating budgets…" />
        )}
        {step === 'done' && result && (
          <div className="flex items-start gap-3 rounded-md border p-4">
            <CheckCircle2 className="mt-0.5 size-5 text-success" />
            <div className="grid gap-1 text-sm">
              <p className="font-medium">
                Expenses: {outcomeText(result)}; {formatNumber(result.matched)} matched to applications.
              </p>
              <p className="text-muted-foreground">
                {result.skippedInvalid > 0 && `${formatNumber(result.skippedInvalid)} unreadable rows skipped. `}
                Unmatched ones wait in the review queue.
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          {step === 'done' ? (
            <Button onClick={() => close(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              {step === 'mapping' && upload && (
                <Button disabled={!mapping || busy} onClick={() => runPreview(upload)}>
                  {busy ? 'Reading…' : 'Preview'}
                </Button>
              )}
              {step === 'preview' && (
                <Button disabled={blocked || importable <= 0 || commit.isPending} onClick={onCommit}>
                  Import {formatNumber(Math.max(0, importable))} expenses
                </Button>
              )}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
