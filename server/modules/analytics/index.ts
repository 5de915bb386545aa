// Analytics (issue 20): spend over time by dimension, forecast, movers, budgets, pivots, saved views.
