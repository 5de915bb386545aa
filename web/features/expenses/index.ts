// The expenses feature's public face: other features import only from here (eslint enforces it).
export { useApplicationOptions } from './api/get-applications';
export { ApplicationCombobox } from './components/application-combobox';
export { SubscriptionSpend } from './components/subscription-spend';
