import type { EventHandler } from './lib/events/event-bus';
import { budgetAlertsHandler } from './modules/budgets/budget-alerts';
import { ruleAllocationsHandler } from './modules/entities/allocation-rules';
import { chargePriceChangesHandler } from './modules/expenses/charge-price-changes';
import { costAlertsHandler } from './modules/expenses/cost-alerts';
import { cancellationFlagsHandler } from './modules/expenses/flags';
import { insightAlertsHandler } from './modules/insights/insight-alerts';

/** Every domain-event handler of the product; a feature adds its handlers here. */
export const eventHandlers = [
  costAlertsHandler,
  budgetAlertsHandler,
  insightAlertsHandler,
  ruleAllocationsHandler,
  chargePriceChangesHandler,
  cancellationFlagsHandler,
] as unknown as EventHandler[];
