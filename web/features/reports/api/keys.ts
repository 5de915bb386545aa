import type { ReportKey } from '@common/contracts/reports';

export interface ReportListItem {
  key: ReportKey;
  title: string;
  description: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  library: ['reports', 'library'] as const,
  report: (key: string, from: string, to: string) => ['reports', 'report', key, from, to] as const,
  branding: ['reports', 'branding'] as const,
};
