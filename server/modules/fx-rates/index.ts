// FX rates and conversions (issue 19): the public face other modules import. Its routes and the
// daily feed are wired from their files (server/routes.ts, server/jobs/index.ts).
export { convertAmounts, convertedMinor, convertedSpendOf, convertEach } from './convert.repo';
export { fxRatesNeeds } from './needs';
