import { MAX_UPLOAD_BYTES } from '@common/contracts/expenses';
import { FileDropzone } from '@/components/ui/file-dropzone';
import { ProgressBar } from '@/components/ui/progress-bar';

interface Props {
  progress: number | null;
  onFile: (file: File) => void;
}

/** Drop or choose a statement; the bar follows the upload. */
export function ImportUploadStep({ progress, onFile }: Props) {
  if (progress !== null) {
    return (
      <div className="grid gap-2 py-6">
        <p className="text-sm font-medium">
          {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the statement…'}
        </p>
        <ProgressBar value={progress} label="Upload progress" />
      </div>
    );
  }
  return (
    <FileDropzone
      label="Statement file"
      title="Drop a statement here, or click to choose"
      hint="CSV, TSV or Excel (any bank’s columns), OFX/QFX, QIF — up to 20 MB"
      accept=".csv,.tsv,.txt,.xlsx,.ofx,.qfx,.qif,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      maxBytes={MAX_UPLOAD_BYTES}
      tooLarge="The file is larger than 20 MB."
      onFile={onFile}
    />
  );
}
