import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';

/** A Scale-only control on a lower plan: named, badged, and opening the upgrade dialog. */
export function ScaleLockedButton({ children, reason }: { children: ReactNode; reason: string }) {
  const { openUpgrade } = useUpgradeDialog();
  return (
    <Button variant="outline" onClick={() => openUpgrade('scale', reason)} data-locked="scale">
      <Lock aria-hidden /> {children} <Badge variant="new">Scale</Badge>
    </Button>
  );
}

export function ScaleBadge() {
  return <Badge variant="new">Scale</Badge>;
}
