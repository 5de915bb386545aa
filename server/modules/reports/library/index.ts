// The report library: one builder per report key.
import type { ReportKey } from '../../../../common/contracts/reports';
import { licenseUtilisation } from './license-utilisation';
import type { ReportBuilder } from './report-builder';

export const REPORT_BUILDERS: Partial<Record<ReportKey, ReportBuilder>> = {
  'license-utilisation': licenseUtilisation,
};
