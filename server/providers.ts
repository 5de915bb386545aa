// The composition root fills each foundation module's port (what it needs from the modules above
// it) with those modules' functions, so foundations import no module above them. Loaded by app.ts
// before anything runs.
import type { DbOrTx } from './db/client';
import { budgetExists, countBudgetsScopedTo, moveBudgetScope } from './modules/budgets';
import { contractExists } from './modules/contracts';
import { entitiesNeeds } from './modules/entities';
import {
  expenseCurrencies,
  expenseExists,
  reconvertMonthTotals,
  setOwnAllocationFlag,
  unconvertedExpenseCurrencies,
} from './modules/expenses';
import { fxRatesNeeds } from './modules/fx-rates';
import { licensePoolExists, licensePoolsOf, seatHoldersOf, seatsOf } from './modules/licenses';
import { activePeopleBy, countPeopleByAllocation, movePeopleAllocation } from './modules/people';
import { notificationsNeeds } from './modules/notifications';
import { organizationsNeeds } from './modules/organizations';
import {
  applicationNames,
  liveSpendByCurrency,
  organizationsWithApplicationsOwnedBy,
  subscriptionExists,
  subscriptionsOf,
} from './modules/subscriptions';

const ownColumn = (owner: 'entity' | 'brand') => (owner === 'entity' ? 'entityId' : 'brandId');

entitiesNeeds.provide({
  targetExists: (db: DbOrTx, orgId, kind, id) => {
    switch (kind) {
      case 'subscription':
        return subscriptionExists(db, orgId, id);
      case 'license_pool':
        return licensePoolExists(db, orgId, id);
      case 'expense':
        return expenseExists(db, orgId, id);
      case 'contract':
        return contractExists(db, orgId, id);
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

organizationsNeeds.provide({ currencyChanged: reconvertMonthTotals, organizationsWithApplicationsOwnedBy });
