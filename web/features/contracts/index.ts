// The contracts feature's public face: other features import only from here (eslint enforces it).
export { SubscriptionContracts } from './components/subscription-contracts';
