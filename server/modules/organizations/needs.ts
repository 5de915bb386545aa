// What organizations needs from the modules above it: the expenses' month totals follow the
// organization's currency; the applications a user owns show the user's name. Organizations is a foundation module, so it imports no module above it;
// the composition root (server/providers.ts) provides these at load.
import type { DbOrTx } from '../../db/client';
import { port } from '../../lib/port';

export interface OrganizationsNeeds {
  /** The organization's currency changed: what is converted into it is converted again. */
  currencyChanged(db: DbOrTx, orgId: string): Promise<void>;
  /** The organizations in which the user owns applications (every organization: all shards on Citus). */
  organizationsWithApplicationsOwnedBy(db: DbOrTx, userId: string): Promise<string[]>;
}

export const organizationsNeeds = port<OrganizationsNeeds>("organizations' needs");
