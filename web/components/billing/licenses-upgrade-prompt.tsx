import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { PLANS } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UpgradeDialog } from './upgrade-dialog';

/** Shown instead of license data on Starter: what Growth adds, and the upgrade dialog. */
export function LicensesUpgradePrompt({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-primary/40 bg-primary/5">
      <CardHeader>
        <div className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden />
          <CardTitle>Licenses are part of {PLANS.pro.name}</CardTitle>
        </div>
        <CardDescription>
          See every seat you pay for, who holds it and whether they use it; reclaim idle seats before the
          renewal and ask holders with one-click “still need it?” e-mails.
          {compact ? '' : ' About half of all paid seats go unused.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>See {PLANS.pro.name}</Button>
      </CardContent>
      <UpgradeDialog planId="pro" open={open} onOpenChange={setOpen} />
    </Card>
  );
}
