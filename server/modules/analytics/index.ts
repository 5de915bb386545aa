// Analytics (issue 20): spend over time by dimension, forecast, movers, budgets, pivots, saved views.
// The reports module builds its documents from these service functions.
export { budgetsOfRange, getBudgetsVsActual } from './budgets-vs-actual.service';
export { getForecast, type ForecastQuery } from './forecast.service';
export { getMovers, type RangeQuery } from './movers.service';
export { getSpend, spendOfRange, type SpendQuery } from './spend.service';
