// The sender allow-list (invoice_forwarding_settings.allowedSenders): entries `a@b.c` or `@b.c`;
// an empty list accepts every sender.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoiceForwardingSettings } from '../../db/schema';

export async function allowedSendersOf(db: DbOrTx, orgId: string): Promise<string[]> {
  const [row] = await db
    .select({ allowedSenders: invoiceForwardingSettings.allowedSenders })
    .from(invoiceForwardingSettings)
    .where(eq(invoiceForwardingSettings.organizationId, orgId));
  return row?.allowedSenders ?? [];
}

/** Whether `address` is on the list (an `@domain` entry covers that domain, not its subdomains). */
export function senderAllowed(list: string[], address: string | null): boolean {
  if (list.length === 0) return true;
  const sender = address?.trim().toLowerCase();
  if (!sender) return false;
  const domain = sender.slice(sender.lastIndexOf('@'));
  return list.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('@') ? domain === e : sender === e;
  });
}
