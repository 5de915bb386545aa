import type { VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { COLUMN_LABELS, HIDEABLE_COLUMNS } from './subscription-columns';

interface ColumnChooserProps {
  visibility: VisibilityState;
  onChange: (next: VisibilityState) => void;
}

export function ColumnChooser({ visibility, onChange }: ColumnChooserProps) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden /> Columns
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-48 gap-1.5 p-3">
        {HIDEABLE_COLUMNS.map((id) => (
          <label key={id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={visibility[id] !== false}
              onChange={(event) => onChange({ ...visibility, [id]: event.target.checked })}
            />
            {COLUMN_LABELS[id]}
          </label>
        ))}
      </PopoverContent>
    </Popover>
  );
}
