// Analytics (issue 20): spend over time by dimension, forecast, movers, budgets, pivots, saved views.
// The reports module builds its documents from these service functions.
export { getForecast } from './forecast.service';
export { spendOfRange } from './spend.service';
