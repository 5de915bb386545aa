import { formatMoneyMinor } from '@/lib/format';

/** An invoice total in its own currency, or a dash when it was not read. */
export function formatTotal(totalMinor: number | null, currency: string | null): string {
  return totalMinor === null ? '—' : formatMoneyMinor(totalMinor, currency ?? 'USD');
}

/** Where a message's row opens it: the Invoices tab of /app/expenses with the message selected. */
export function inboxLink(messageId?: string): string {
  return `/app/expenses?tab=invoices${messageId ? `&message=${encodeURIComponent(messageId)}` : ''}`;
}

/** "12 KB", "1.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
