// What entities needs from the modules above it (their rows carry an entity and brand, or are
// allocation targets). Entities is a foundation module: it imports none of them; the composition
// root (server/providers.ts) provides these at load.
import type { AllocationTargetKind } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { port } from '../../lib/port';
import type { licensePoolsOf, seatHoldersOf, seatsOf } from '../licenses';

export type OwnerKind = 'entity' | 'brand';

/** A kind of row that uses an entity or a brand (people, budgets): counted before a delete, moved on reassignment. */
export interface EntityUse {
  kind: string;
  count(db: DbOrTx, orgId: string, owner: OwnerKind, id: string): Promise<number>;
  move(db: DbOrTx, orgId: string, owner: OwnerKind, fromId: string, toId: string): Promise<void>;
}

export interface EntitiesNeeds {
  /** Whether the organization has the allocation target (another tenant's id answers false). */
  targetExists(db: DbOrTx, orgId: string, kind: AllocationTargetKind, id: string): Promise<boolean>;
  /** Marks an expense as split by an allocation of its own, in the transaction saving it. */
  setExpenseOwnAllocation(db: DbOrTx, orgId: string, expenseId: string, own: boolean): Promise<void>;
  /** Active people per brand, as brand profitability counts them. */
  activePeopleByBrand(db: DbOrTx, orgId: string): Promise<Map<string, number>>;
  /** The uses other modules make of entities and brands, besides entities' own. */
  uses: EntityUse[];
  /** Seats and their holders, which rule-based allocations split by. */
  seats: {
    seatHoldersOf: typeof seatHoldersOf;
    seatsOf: typeof seatsOf;
    licensePoolsOf: typeof licensePoolsOf;
  };
}

export const entitiesNeeds = port<EntitiesNeeds>("entities' needs");
