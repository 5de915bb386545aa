import { Download } from 'lucide-react';
import type { ListSubscriptionsQuery } from '@common/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toQueryString } from '@/lib/query-string';

/** Export URL of the filtered list (CSV/XLSX), without paging. */
export function exportUrl(query: ListSubscriptionsQuery, format: 'csv' | 'xlsx'): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return `/api/subscriptions/export${toQueryString({ ...filters, format })}`;
}

/** Downloads are plain links: the browser sends the session cookie and saves the attachment. */
export function ExportMenu({ query }: { query: ListSubscriptionsQuery }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden /> Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <a href={exportUrl(query, 'csv')} download>
            Filtered list as CSV
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={exportUrl(query, 'xlsx')} download>
            Filtered list as Excel (XLSX)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/api/export" download>
            Everything as JSON
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/api/export?format=xlsx" download>
            Everything as Excel (XLSX)
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
