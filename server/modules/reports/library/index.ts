// The report library: one builder per report key.
import type { ReportKey } from '../../../../common/contracts/reports';
import { budgetVsActual } from './budget-vs-actual';
import { executiveSummary } from './executive-summary';
import { licenseUtilisation } from './license-utilisation';
import type { ReportBuilder } from './report-builder';
import { renewalsCalendar } from './renewals-calendar';
import { savingsRealised } from './savings-realised';
import { shadowIt } from './shadow-it';
import { spendByDepartment } from './spend-by-department';
import { spendByVendor } from './spend-by-vendor';

export const REPORT_BUILDERS: Record<ReportKey, ReportBuilder> = {
  'executive-summary': executiveSummary,
  'spend-by-department': spendByDepartment,
  'spend-by-vendor': spendByVendor,
  'budget-vs-actual': budgetVsActual,
  'license-utilisation': licenseUtilisation,
  'renewals-calendar': renewalsCalendar,
  'savings-realised': savingsRealised,
  'shadow-it': shadowIt,
};
