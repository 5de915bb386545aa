import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { MAX_UPLOAD_BYTES } from '@common/contracts/expenses';
import { cn } from '@/lib/cn';
import { ProgressBar } from '@/components/ui/progress-bar';

interface Props {
  progress: number | null;
  onFile: (file: File) => void;
}

/** Drop or choose a statement; the bar follows the upload. */
export function ImportUploadStep({ progress, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return setProblem('The file is larger than 20 MB.');
    setProblem(null);
    onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  if (progress !== null) {
    return (
      <div className="grid gap-2 py-6">
        <p className="text-sm font-medium">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the statement…'}</p>
        <ProgressBar value={progress} label="Upload progress" />
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors hover:bg-accent/50',
          over && 'border-primary bg-primary/5',
        )}
      >
        <Upload className="size-6 text-muted-foreground" />
        <span className="text-sm font-medium">Drop a statement here, or click to choose</span>
        <span className="text-xs text-muted-foreground">CSV or TSV (any bank’s columns), OFX/QFX, QIF — up to 20 MB</span>
      </button>
      <input
        ref={input}
        type="file"
        aria-label="Statement file"
        accept=".csv,.tsv,.txt,.ofx,.qfx,.qif,text/csv"
        className="sr-only"
        onChange={(e) => take(e.target.files?.[0])}
      />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
