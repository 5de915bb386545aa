import { ProgressBar } from '@/components/ui/progress-bar';
import { formatNumber } from '@/lib/format';
import type { Progress } from '@/lib/progress-request';

/** The bar's position: checking takes the first 5%, saving the next 90%, finishing the rest. */
function describe(progress: Progress | null, noun: string, finishing: string) {
  if (!progress || progress.phase === 'checking') return { text: 'Checking the rows…', value: 0.03 };
  if (progress.phase === 'saving') {
    const share = progress.total > 0 ? progress.done / progress.total : 1;
    return {
      text: `Saving ${formatNumber(progress.done)} of ${formatNumber(progress.total)} ${noun}…`,
      value: 0.05 + 0.9 * share,
    };
  }
  return { text: finishing, value: 0.97 };
}

/** Where a long import is, from the progress the server streams while it works. */
export function ImportProgress({
  progress,
  noun,
  finishing = 'Finishing up…',
}: {
  progress: Progress | null;
  noun: string;
  finishing?: string;
}) {
  const { text, value } = describe(progress, noun, finishing);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium" aria-live="polite">
        {text}
      </p>
      <ProgressBar value={value} label="Import progress" />
    </div>
  );
}
