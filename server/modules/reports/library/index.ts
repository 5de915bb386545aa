// The report library: one builder per report key.
import type { ReportKey } from '../../../../common/contracts/reports';
import { licenseUtilisation } from './license-utilisation';
import type { ReportBuilder } from './report-builder';
import { renewalsCalendar } from './renewals-calendar';
import { savingsRealised } from './savings-realised';
import { shadowIt } from './shadow-it';

export const REPORT_BUILDERS: Partial<Record<ReportKey, ReportBuilder>> = {
  'license-utilisation': licenseUtilisation,
  'renewals-calendar': renewalsCalendar,
  'savings-realised': savingsRealised,
  'shadow-it': shadowIt,
};
