import { useState } from 'react';
import { IMPORT_UPLOAD_LIMIT_BYTES, type WallosImportResult } from '@common/contracts/imports';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useImportWallos } from '../../api/import-wallos';
import { ImportPreviewTable } from './import-preview';
import { readFileText } from '@/lib/read-file-text';
import { FileDropzone } from '@/components/ui/file-dropzone';
import { ExistingRows, outcomeText, useImportDecisions } from '@/components/imports/existing-rows';

type WallosData = Record<string, unknown> | unknown[];

/** A Wallos JSON export: dry run first (preview), then import. */
export function WallosImport({ onDone }: { onDone: () => void }) {
  const wallos = useImportWallos();
  const [data, setData] = useState<WallosData | null>(null);
  const [preview, setPreview] = useState<WallosImportResult | null>(null);
  const choices = useImportDecisions();
  const fail = (error: unknown) => toastError('Import failed', error);

  const upload = async (file: File) => {
    try {
      const parsed: unknown = JSON.parse(await readFileText(file));
      if (!parsed || typeof parsed !== 'object')
        throw new Error('This is not a Wallos export (expected a JSON object or array).');
      const body = parsed as WallosData;
      setPreview(await wallos.mutateAsync({ data: body, dryRun: true }));
      setData(body);
    } catch (error) {
      fail(error instanceof SyntaxError ? new Error('This file is not valid JSON.') : error);
    }
  };

  const commit = async (skipInvalid: boolean) => {
    if (!data) return;
    try {
      const result = await wallos.mutateAsync({ data, skipInvalid, decisions: choices.decisions });
      toast({ variant: 'success', title: `Imported from Wallos: ${outcomeText(result)}` });
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  if (!preview) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          In Wallos, open Settings → Export and upload the JSON file here.
        </p>
        <FileDropzone
          label="Wallos export"
          title="Drop the Wallos export here, or click to choose"
          hint="The JSON file from Wallos → Settings → Export — up to 25 MB"
          accept=".json,application/json"
          maxBytes={IMPORT_UPLOAD_LIMIT_BYTES}
          tooLarge="The file is larger than 25 MB."
          disabled={wallos.isPending}
          onFile={(file) => void upload(file)}
        />
      </div>
    );
  }
  const invalid = preview.skipped;
  const good = preview.totalRows - invalid;
  return (
    <div className="grid gap-4">
      <ImportPreviewTable
        totalRows={preview.totalRows}
        invalidRows={invalid}
        rows={preview.rows}
        errors={preview.errors}
      />
      <ExistingRows
        rows={preview.matched.map((m) => ({ ...m, title: m.name }))}
        total={preview.matched.length}
        decisions={choices.decisions}
        onDefault={choices.setDefault}
        onRow={choices.setRow}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {invalid > 0 && good > 0 && (
          <Button variant="outline" disabled={wallos.isPending} onClick={() => void commit(true)}>
            Import only the {good} good rows
          </Button>
        )}
        <Button disabled={wallos.isPending || invalid > 0} onClick={() => void commit(false)}>
          Import all {preview.totalRows}
        </Button>
      </div>
    </div>
  );
}
