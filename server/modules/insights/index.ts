// The insights module's public face: other modules import only from here (eslint enforces it).
export { detectFindings, detectOpportunities } from './detectors';
export { generateInsights } from './generate';
export { combineSavings } from './dedupe';
export { loadInsightSettings } from './insight-settings.repo';
export { openInsightsOf } from './insights.service';
export {
  ledgerByDepartment,
  ledgerByOwner,
  ledgerByType,
  ledgerTotals,
  realizedByMonth,
  type LedgerWindow,
} from './insights.repo';
