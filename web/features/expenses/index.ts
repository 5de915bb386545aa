// The expenses feature's public face: other features import only from here (eslint enforces it).
export { useApplicationOptions } from './api/get-applications';
export { invalidateExpenses } from './api/invalidate';
export { ApplicationCombobox } from './components/application-combobox';
export { axisStyle, monthLabel, SERIES_COLORS, tooltipStyle } from './components/chart-style';
export { amountInputValue, parseAmountInput } from './components/money';
export { SubscriptionSpend } from './components/subscription-spend';
export { ledgerHref } from './ledger-link';
