// The composition root fills each foundation module's port (what it needs from the modules above
// it) with those modules' functions, so foundations import no module above them. Loaded by app.ts
// before anything runs.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db/client';
import { budgetExists, countBudgetsScopedTo, moveBudgetScope } from './modules/budgets';
import { listContracts } from './modules/contracts';
import { entitiesNeeds } from './modules/entities';
import {
  expenseCurrencies,
  expensesOf,
  setOwnAllocationFlag,
  unconvertedExpenseCurrencies,
} from './modules/expenses';
import { fxRatesNeeds } from './modules/fx-rates';
import { licensePoolsOf, seatHoldersOf, seatsOf } from './modules/licenses';
import { activePeopleBy, countPeopleByAllocation, movePeopleAllocation } from './modules/people';
import { notificationsNeeds } from './modules/notifications';
import { applicationNames, liveSpendByCurrency, subscriptionsOf } from './modules/subscriptions';

const hasRows = async (query: Promise<unknown[]>) => (await query).length > 0;
const ownColumn = (owner: 'entity' | 'brand') => (owner === 'entity' ? 'entityId' : 'brandId');

entitiesNeeds.provide({
  targetExists: (db: DbOrTx, orgId, kind, id) => {
    switch (kind) {
      case 'subscription': {
        const app = subscriptionsOf(orgId);
        return hasRows(db.select({ id: app.id }).from(app).where(eq(app.id, id)));
      }
      case 'license_pool': {
        const pool = licensePoolsOf(orgId);
        return hasRows(db.select({ id: pool.id }).from(pool).where(eq(pool.id, id)));
      }
      case 'expense': {
        const expense = expensesOf(orgId);
        return hasRows(db.select({ id: expense.id }).from(expense).where(eq(expense.id, id)));
      }
      case 'contract':
        return hasRows(listContracts(db, orgId, { id }));
      case 'budget':
        return budgetExists(db, orgId, id);
    }
  },
  setExpenseOwnAllocation: async (db, orgId, expenseId, own) => {
    await setOwnAllocationFlag(db, orgId, expenseId, own);
  },
  activePeopleByBrand: (db, orgId) => activePeopleBy(db, orgId, 'brand'),
  uses: [
    {
      kind: 'people',
      count: async (db, orgId, owner, id) =>
        (await countPeopleByAllocation(db, orgId, ownColumn(owner))).get(id) ?? 0,
      move: (db, orgId, owner, fromId, toId) =>
        movePeopleAllocation(db, orgId, ownColumn(owner), fromId, toId),
    },
    { kind: 'budgets', count: countBudgetsScopedTo, move: moveBudgetScope },
  ],
  seats: { seatHoldersOf, seatsOf, licensePoolsOf },
});

fxRatesNeeds.provide({
  expenseCurrencies,
  unconvertedExpenseCurrencies: async (db, orgId) => unconvertedExpenseCurrencies(db, orgId),
  liveSpendByCurrency: async (db, orgId) => liveSpendByCurrency(db, orgId),
});

notificationsNeeds.provide({ applicationsOf: subscriptionsOf, applicationNames });
