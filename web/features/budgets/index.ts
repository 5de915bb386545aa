// The budgets feature's public face: other features import only from here (eslint enforces it).
export { budgetKeys } from './api/keys';
