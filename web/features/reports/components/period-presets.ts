import type { ReportKey } from '@common/contracts/reports';
import { addDays, addMonths, startOfMonth } from '@common/dates';

export interface PeriodPreset {
  label: string;
  /** Empty = the report's default period (the server decides it). */
  from: string;
  to: string;
}

/** Quick periods for the picker: looking back for most reports, ahead for the renewals calendar. */
export function periodPresets(key: ReportKey, today: string): PeriodPreset[] {
  if (key === 'renewals-calendar') {
    return [
      { label: 'Next 30 days', from: today, to: addDays(today, 29) },
      { label: 'Next 90 days', from: '', to: '' },
      { label: 'Next 6 months', from: today, to: addDays(addMonths(today, 6), -1) },
      { label: 'Next 12 months', from: today, to: addDays(addMonths(today, 12), -1) },
    ];
  }
  const thisMonth = startOfMonth(today);
  const lastMonthEnd = addDays(thisMonth, -1);
  const year = Number(today.slice(0, 4));
  return [
    { label: 'Last 12 months', from: '', to: '' },
    { label: 'Last month', from: addMonths(thisMonth, -1), to: lastMonthEnd },
    { label: 'Last 3 months', from: addMonths(thisMonth, -3), to: lastMonthEnd },
    { label: 'Year to date', from: `${year}-01-01`, to: today },
    { label: `${year - 1}`, from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  ];
}
