// The licenses feature's public face: other features import only from here (eslint enforces it).
export { useLicenses } from './api/get-licenses';
export { LicensesUpgradePrompt } from './components/licenses-upgrade-prompt';
export { PersonLicensesCell } from './components/person-licenses-cell';
export { SubscriptionLicenses } from './components/subscription-licenses';
export { useLicenseAccess } from './license-access';
