import type { ReactNode } from 'react';
import { UpgradeProvider } from '@/features/billing';

/**
 * The app shell's upgrade dialogs around a screen under test, as every app screen has them: a plan
 * error from any mutation opens the upgrade dialog. Features' tests use this instead of importing billing.
 */
export function WithUpgradeDialogs({ children }: { children: ReactNode }) {
  return <UpgradeProvider>{children}</UpgradeProvider>;
}
