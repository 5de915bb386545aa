import { CircleCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { SettingsTab } from './settings-tabs';

/** A settings tab a later release fills in: an honest list of what will appear. */
export function UpcomingTab({ tab }: { tab: SettingsTab }) {
  return (
    <Card className="p-6">
      <h3 className="text-sm font-semibold">What will appear here</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        This section is not built yet in this version of Stackwise. When it is, you will find:
      </p>
      <ul className="mt-4 grid gap-3">
        {(tab.upcoming ?? []).map((line) => (
          <li key={line} className="flex items-start gap-3 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
    </Card>
  );
}
