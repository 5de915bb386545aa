import type { DbOrTx } from '../../db/client';
import { contactRequests } from '../../db/schema';

export type NewContactRequest = Omit<typeof contactRequests.$inferInsert, 'id'>;

/** Stores a message from the public support or demo form; answers its id. */
export async function insertContactRequest(db: DbOrTx, values: NewContactRequest): Promise<{ id: string }> {
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  return row!;
}
