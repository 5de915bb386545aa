// The licenses feature's public face: the app layer imports only from here (eslint enforces it).
export { PersonLicensesCell } from './components/person-licenses-cell';
export { SubscriptionLicenses } from './components/subscription-licenses';
