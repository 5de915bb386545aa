import { useState } from 'react';
import type {
  PeopleImportMapping,
  PeopleImportPreview,
  PeopleImportResult,
} from '@common/contracts/people-import';
import type { ImportDecisions } from '@common/contracts/import-existing';
import { outcomeText } from '@/components/imports/existing-rows';
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
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { ApiError, errorMessage } from '@/lib/api-client';
import { readFileBase64, TABLE_FILE_ACCEPT } from '@/lib/read-file-text';
import { useCommitPeopleImport } from '../api/commit-people-import';
import { usePreviewPeopleImport } from '../api/preview-people-import';
import { ImportDoneStep } from './import-done-step';
import { ImportReviewStep } from './import-review-step';

type Step = 'upload' | 'review' | 'done';

/** Import people from an HR export: upload → map columns and preview → import → confirm leavers. */
export function ImportPeopleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState('');
  const [fileName, setFileName] = useState('');
  const [fullImport, setFullImport] = useState(false);
  const [mapping, setMapping] = useState<PeopleImportMapping | undefined>(undefined);
  const [preview, setPreview] = useState<PeopleImportPreview | null>(null);
  const [result, setResult] = useState<PeopleImportResult | null>(null);
  const previewImport = usePreviewPeopleImport();
  const commit = useCommitPeopleImport();

  const reset = () => {
    setStep('upload');
    setFile('');
    setFileName('');
    setFullImport(false);
    setMapping(undefined);
    setPreview(null);
    setResult(null);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const runPreview = (nextMapping = mapping, full = fullImport) => {
    previewImport.mutateAsync({ file, mapping: nextMapping, fullImport: full }).then(
      (data) => {
        setPreview(data);
        setMapping(data.mapping);
        setStep('review');
      },
      (error) => toastError('Could not read the file', error),
    );
  };

  const runImport = (skipInvalid: boolean, decisions: ImportDecisions) => {
    commit.mutateAsync({ file, mapping, fullImport, skipInvalid, decisions }).then(
      (data) => {
        setResult(data);
        setStep('done');
        toast({
          variant: 'success',
          title: outcomeText(data),
        });
      },
      (error) => {
        const rows = error instanceof ApiError ? error.data?.rows : undefined;
        toast({
          variant: 'destructive',
          title: 'Nothing was imported',
          description: Array.isArray(rows)
            ? `${errorMessage(error)} Fix the file or skip the bad rows.`
            : errorMessage(error),
        });
      },
    );
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setFile(await readFileBase64(file));
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import people</DialogTitle>
          <DialogDescription>
            Upload a CSV export from your HR system (BambooHR, Rippling, Workday, Google Workspace…). People
            are matched by e-mail: new ones are added; for people already here, you choose to skip or update
            them.
          </DialogDescription>
        </DialogHeader>
        {step === 'upload' && (
          <div className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="people-csv">CSV file</Label>
              <Input
                id="people-csv"
                type="file"
                accept={TABLE_FILE_ACCEPT}
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
              {fileName && <p className="text-xs text-muted-foreground">{fileName}</p>}
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={fullImport}
                onChange={(e) => setFullImport(e.target.checked)}
              />
              <span>
                This file lists everyone who works here
                <span className="block text-xs text-muted-foreground">
                  People missing from it are suggested for offboarding; you confirm who leaves.
                </span>
              </span>
            </label>
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button disabled={!file || previewImport.isPending} onClick={() => runPreview(undefined)}>
                Continue
              </Button>
            </DialogFooter>
          </div>
        )}
        {step === 'review' && preview && (
          <ImportReviewStep
            preview={preview}
            pending={previewImport.isPending || commit.isPending}
            onMappingChange={(next) => runPreview(next)}
            onBack={() => setStep('upload')}
            onImport={runImport}
          />
        )}
        {step === 'done' && result && <ImportDoneStep result={result} onClose={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}
