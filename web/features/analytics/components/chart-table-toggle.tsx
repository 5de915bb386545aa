import { BarChart3, Table2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A card's title with a Chart/Table switch: every chart on the page can be read as a table of the
 * same numbers (screen readers, copying figures).
 */
export function useChartOrTable(title: string, actions?: ReactNode) {
  const [asTable, setAsTable] = useState(false);
  const header = (
    <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
      <CardTitle>{title}</CardTitle>
      <div className="flex items-center gap-2">
        {actions}
        <div className="flex rounded-md border p-0.5" role="group" aria-label={`${title}: show as`}>
          <Button
            size="sm"
            variant={asTable ? 'ghost' : 'secondary'}
            aria-pressed={!asTable}
            onClick={() => setAsTable(false)}
          >
            <BarChart3 /> Chart
          </Button>
          <Button
            size="sm"
            variant={asTable ? 'secondary' : 'ghost'}
            aria-pressed={asTable}
            onClick={() => setAsTable(true)}
          >
            <Table2 /> Table
          </Button>
        </div>
      </div>
    </CardHeader>
  );
  return { asTable, header };
}
