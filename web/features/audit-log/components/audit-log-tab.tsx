import { Bot, Download, KeyRound, ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditEvent } from '@common/contracts/audit';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { initials } from '@/components/layout/user-menu';
import { PlanGate } from '@/components/billing/plan-gate';
import { errorMessage } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { auditExportUrl } from '../api/export-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import type { AuditFilters } from '../api/keys';
import { AuditFilterBar } from './audit-filters';
import { RetentionCard } from './retention-card';

const FILTER_NAMES = ['category', 'actor', 'from', 'to', 'q'] as const;
const isCategory = (value: string | null): value is AuditCategory =>
  (AUDIT_CATEGORIES as readonly string[]).includes(value ?? '');

/** The filters live in the URL, so a filtered log can be shared and survives a reload. */
function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value as never;
  }
  if (!isCategory(params.get('category'))) delete filters.category;
  const setFilter = (name: keyof AuditFilters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { filters, setFilter, filtered: Object.keys(filters).length > 0 };
}

/** 'subscription' → 'Application', 'report_schedule' → 'Report schedule'. */
const ENTITY_LABELS: Record<string, string> = {
  subscription: 'Application',
  membership: 'Member',
  audit_log: 'Audit log',
};
const entityLabel = (type: string) => {
  const words = ENTITY_LABELS[type] ?? type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function ActorCell({ actor }: { actor: AuditEvent['actor'] }) {
  if (actor.type === 'api_key') {
    return (
      <span className="flex items-center gap-2">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
          <KeyRound className="size-3.5" aria-label="API key" />
        </span>
        <span className="truncate">{actor.apiKeyName ?? 'Deleted API key'}</span>
      </span>
    );
  }
  if (actor.type === 'system') {
    return (
      <span className="flex items-center gap-2 text-muted-foreground">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
          <Bot className="size-3.5" aria-hidden />
        </span>
        {actor.systemName ? `Stackwise · ${actor.systemName}` : 'Stackwise'}
      </span>
    );
  }
  const [firstName, ...rest] = (actor.name ?? '').split(' ');
  return (
    <span className="flex items-center gap-2">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-medium text-primary"
        aria-hidden
      >
        {initials(firstName, rest.join(' '), actor.email ?? undefined)}
      </span>
      <span className="min-w-0">
        <span className="block truncate">{actor.name ?? actor.email ?? 'Former member'}</span>
        {actor.name && actor.email && (
          <span className="block truncate text-xs text-muted-foreground">{actor.email}</span>
        )}
      </span>
    </span>
  );
}

function AuditLog() {
  const { filters, setFilter, filtered } = useAuditFilters();
  const log = useAuditLog(filters);
  const events = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AuditFilterBar key={filters.q ?? ''} filters={filters} onChange={setFilter} />
        <Button variant="outline" asChild>
          <a href={auditExportUrl(filters)} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      </div>
      <Card className="overflow-hidden p-0">
        {log.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : log.isError ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorMessage(log.error)}
          </p>
        ) : events.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={filtered ? 'No events match these filters' : 'No events yet'}
            description={
              filtered
                ? 'Try another category, person or date range.'
                : 'Sign-ins, role changes, exports and changes to money and settings will show here.'
            }
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>When and from where</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Target</TableHead>
                <TableHead>Changes</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell className="whitespace-nowrap">
                    <time
                      className="block"
                      dateTime={event.createdAt}
                      title={new Date(event.createdAt).toLocaleString()}
                    >
                      {formatRelative(event.createdAt)}
                    </time>
                    <span
                      className="block text-xs text-muted-foreground"
                      title={event.userAgent ?? undefined}
                    >
                      {event.ip ?? '—'}
                    </span>
                  </TableCell>
                  <TableCell className="max-w-56">
                    <ActorCell actor={event.actor} />
                  </TableCell>
                  <TableCell className="font-medium">{event.label}</TableCell>
                  <TableCell className="max-w-56">
                    <span className="block text-muted-foreground">{entityLabel(event.entityType)}</span>
                    {event.targetName && <span className="block truncate">{event.targetName}</span>}
                  </TableCell>
                  {/* Two lines at most, so the table fits beside the settings menu; the whole text on hover. */}
                  <TableCell
                    className="min-w-48 max-w-72 whitespace-normal text-muted-foreground"
                    title={event.summary}
                  >
                    <span className="line-clamp-2 break-words">{event.summary}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {log.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Settings → Audit log (Scale): the log with its filters and export, and its retention. */
export function AuditLogTab() {
  return (
    <PlanGate feature="auditLog">
      <div className="grid gap-6">
        <AuditLog />
        <RetentionCard />
      </div>
    </PlanGate>
  );
}
