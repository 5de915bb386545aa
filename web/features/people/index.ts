// The people feature's public face: other features import only from here (eslint enforces it).
export { invalidatePeopleAndLicenses } from './api/invalidate';
export { formatTotals } from './components/money-totals';
export { useDepartments } from './api/get-departments';
