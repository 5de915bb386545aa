import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

/** The invitation token from the newest e-mail to `to` in the outbox. */
export async function inviteTokenFromOutbox(db: DbOrTx, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`No e-mail to ${to}`);
  return tokenFromText(mail.text);
}

export function tokenFromText(text: string): string {
  const match = /\/invite\/accept\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`No invitation link in: ${text}`);
  return decodeURIComponent(match[1]);
}
