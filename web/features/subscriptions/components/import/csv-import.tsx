import { useState } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_UPLOAD_LIMIT_BYTES,
  type ImportMapping,
  type ImportPreview,
} from '@common/contracts/imports';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { ImportProgress } from '@/components/imports/import-progress';
import { rowErrorText } from '@/components/imports/row-errors';
import { ExistingRows, outcomeText, useImportDecisions } from '@/components/imports/existing-rows';
import { FileDropzone } from '@/components/ui/file-dropzone';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { Progress } from '@/lib/progress-request';
import { useCommitImport } from '../../api/commit-import';
import { usePreviewImport } from '../../api/preview-import';
import { useRemapImport } from '../../api/remap-import';
import { ColumnMapping } from './column-mapping';
import { ImportPreviewTable } from './import-preview';
import { readFileBase64, TABLE_FILE_ACCEPT } from '@/lib/read-file-text';

/** Upload → mapping (editable) → preview with bad rows → commit all, or only the good rows. */
export function CsvImport({ onDone }: { onDone: () => void }) {
  const previewing = usePreviewImport();
  const remapping = useRemapImport();
  const committing = useCommitImport();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [mappingDirty, setMappingDirty] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const choices = useImportDecisions();
  const fail = (error: unknown) => toastError('Import failed', error);

  const show = (next: ImportPreview) => {
    setPreview(next);
    setMapping(next.mapping);
    setMappingDirty(false);
    choices.reset();
  };

  const upload = async (file: File) => {
    try {
      show(await previewing.mutateAsync({ file: await readFileBase64(file), filename: file.name }));
    } catch (error) {
      fail(error);
    }
  };

  const commit = async (skipInvalid: boolean) => {
    if (!preview) return;
    setProgress(null);
    try {
      const result = await committing.mutateAsync({
        importId: preview.importId,
        mapping,
        skipInvalid,
        decisions: choices.decisions,
        onProgress: setProgress,
      });
      toast({
        variant: 'success',
        title: `Applications imported: ${outcomeText(result)}`,
        description:
          [
            result.skipped ? `${result.skipped} rows with problems were skipped.` : '',
            // Unknown entity or brand names: those rows went to the defaults.
            result.warnings
              .slice(0, 3)
              .map((w) => rowErrorText(w, IMPORT_FIELD_LABELS))
              .join(' '),
          ]
            .filter(Boolean)
            .join(' ') || undefined,
      });
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  if (!preview) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          A CSV with a header row. Columns like name, vendor, cost, currency, cycle, renewal date, seats,
          owner and category are recognised automatically; you can change the mapping next.
        </p>
        <FileDropzone
          label="CSV file"
          title="Drop a CSV or Excel file here, or click to choose"
          hint="Exported from a spreadsheet or another tool — up to 25 MB and 50,000 rows"
          accept={TABLE_FILE_ACCEPT}
          maxBytes={IMPORT_UPLOAD_LIMIT_BYTES}
          tooLarge="The file is larger than 25 MB."
          disabled={previewing.isPending}
          onFile={(file) => void upload(file)}
        />
        {previewing.isPending && (
          <div className="grid gap-2">
            <p className="text-sm font-medium" aria-live="polite">
              Reading and checking the file…
            </p>
            <ProgressBar value={null} label="Reading the file" />
          </div>
        )}
      </div>
    );
  }

  const good = preview.totalRows - preview.invalidRows;
  return (
    <div className="grid gap-4">
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Columns</h3>
        <ColumnMapping
          columns={preview.columns}
          mapping={mapping}
          onChange={(next) => {
            setMapping(next);
            setMappingDirty(true);
          }}
        />
        {mappingDirty && (
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            disabled={remapping.isPending}
            onClick={() =>
              remapping.mutate({ importId: preview.importId, mapping }, { onSuccess: show, onError: fail })
            }
          >
            Update preview
          </Button>
        )}
      </section>
      <ImportPreviewTable
        totalRows={preview.totalRows}
        invalidRows={preview.invalidRows}
        rows={preview.rows}
        errors={preview.errors}
      />
      <ExistingRows
        rows={preview.matched.map((m) => ({ ...m, title: m.name }))}
        total={preview.matchedRows}
        decisions={choices.decisions}
        onDefault={choices.setDefault}
        onRow={choices.setRow}
      />
      {preview.planLimit.wouldExceed && (
        <p role="alert" className="text-sm text-destructive">
          Your plan allows {preview.planLimit.limit} applications and you have {preview.planLimit.current}.
          Upgrade to import them all.
        </p>
      )}
      {committing.isPending && <ImportProgress progress={progress} noun="applications" />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setPreview(null)}>
          Choose another file
        </Button>
        {preview.invalidRows > 0 && good > 0 && (
          <Button
            variant="outline"
            disabled={committing.isPending || mappingDirty}
            onClick={() => void commit(true)}
          >
            Import only the {good} good rows
          </Button>
        )}
        <Button
          disabled={committing.isPending || mappingDirty || preview.invalidRows > 0 || good === 0}
          onClick={() => void commit(false)}
        >
          Import all {preview.totalRows} rows
        </Button>
      </div>
    </div>
  );
}
