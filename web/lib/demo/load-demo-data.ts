import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postWithProgress, type Progress } from '@/lib/progress-request';

/** POST /api/demo — fills the workspace with a realistic demo company, reporting each step. */
export function loadDemoData(onProgress: (progress: Progress) => void = () => {}): Promise<unknown> {
  return postWithProgress('/api/demo', {}, onProgress);
}

/** The mutation, and the step the server reports while it loads (null before the first). */
export function useLoadDemoData() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);
  const mutation = useMutation({
    mutationFn: () => {
      setProgress(null);
      return loadDemoData(setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return { ...mutation, progress };
}

const PHASES: Record<string, string> = {
  company: 'Creating the company',
  insights: 'Finding savings',
  invoices: 'Delivering its invoices',
};

/** "Creating the company (3 of 17)…": what the demo load is doing, for its button and bar. */
export function demoStepLabel(progress: Progress | null): string {
  if (!progress) return 'Loading demo data…';
  const step = Math.min(progress.done + 1, progress.total);
  return `${PHASES[progress.phase] ?? 'Loading'} (${step} of ${progress.total})…`;
}
