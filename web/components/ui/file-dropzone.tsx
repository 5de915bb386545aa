import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { cn } from '@/lib/cn';

interface Props {
  /** Accessible name of the file input ("CSV file"). */
  label: string;
  title: string;
  hint: string;
  accept: string;
  /** Files above this are refused here, before any upload, with `tooLarge` as the message. */
  maxBytes?: number;
  tooLarge?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** Drop a file on it or click to choose one: the one way the app takes an upload for import. */
export function FileDropzone({ label, title, hint, accept, maxBytes, tooLarge, disabled, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (maxBytes !== undefined && file.size > maxBytes)
      return setProblem(tooLarge ?? 'The file is too large.');
    setProblem(null);
    onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };
  return (
    <div className="grid gap-2">
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors hover:bg-accent/50 disabled:pointer-events-none disabled:opacity-60',
          over && 'border-primary bg-primary/5',
        )}
      >
        <Upload className="size-6 text-muted-foreground" />
        <span className="text-sm font-medium">{title}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </button>
      <input
        ref={input}
        type="file"
        aria-label={label}
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
