// What fx-rates needs from the modules above it: the currencies the organization's expenses and
// applications are in. Fx-rates is a foundation module (they convert through it), so it imports
// neither; the composition root (server/providers.ts) provides these at load.
import type { DbOrTx } from '../../db/client';
import { port } from '../../lib/port';

export interface FxRatesNeeds {
  /** Every currency the organization's expenses are in. */
  expenseCurrencies(db: DbOrTx, orgId: string): Promise<string[]>;
  /** Expense currencies with charges no rate converts: since which month and how many, by currency. */
  unconvertedExpenseCurrencies(
    db: DbOrTx,
    orgId: string,
  ): Promise<Array<{ currency: string; since: string; charges: number }>>;
  /** Live applications' monthly spend per currency. */
  liveSpendByCurrency(db: DbOrTx, orgId: string): Promise<Array<{ currency: string; monthlyMinor: number }>>;
}

export const fxRatesNeeds = port<FxRatesNeeds>("fx-rates' needs");
