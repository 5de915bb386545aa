import { CircleHelp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

const HelpLinks = lazy(() => import('./help-links').then((m) => ({ default: m.HelpLinks })));

/** The top bar's help button: where to get answers. */
export function HelpPanel() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Help">
          <CircleHelp />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80 p-2">
        <Suspense fallback={null}>
          <HelpLinks />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
