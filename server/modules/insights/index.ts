// The insights module's public face: other modules import only from here (eslint enforces it).
export { combineSavings, type CombinedSavings } from './dedupe';
export { DETECTORS, detectFindings, detectOpportunities, type Detector } from './detectors';
export { generateInsights, type GenerationResult } from './generate';
export type { InsightSnapshot } from './snapshot';
export { NARRATIVES_PER_RUN, refreshNarratives } from './narrative';
export { loadInsightSettings } from './insight-settings.repo';
export { listOpportunities } from './insights.repo';
export { openInsightsOf } from './insights.service';
export {
  ledgerByDepartment,
  ledgerByOwner,
  ledgerByType,
  ledgerTotals,
  realizedByMonth,
  type LedgerWindow,
} from './insights.repo';
