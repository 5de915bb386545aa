// The operations feature's public face: other features import only from here (eslint enforces it).
export { OperationsTab } from './components/operations-tab';
