// One report, one document, every format: the screen (JSON), the PDF, the workbook and the CSV are
// all rendered from the same ReportDocument, so their figures always agree.
import {
  REPORT_LIBRARY,
  type ReportDocument,
  type ReportFormat,
  type ReportKey,
} from '../../../common/contracts/reports';
import { formatPeriod } from '../../../common/report-format';
import { notFound } from '../../errors';
import { XLSX_TYPE } from '../../lib/table-export/download';
import type { RequestContext, ServiceDeps } from '../../types';
import { REPORT_BUILDERS } from './library';
import { todayOf } from './library/report-builder';
import { readLogo, resolveBranding } from './report-branding';
import { resolveRange } from './report-range';
import { reportCsv } from './render/csv';
import { reportPdf } from './render/pdf';
import { reportXlsx } from './render/xlsx';

export interface RenderedReport {
  document: ReportDocument;
  /** The file's bytes; null for json. */
  body: Buffer | null;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: XLSX_TYPE,
  csv: 'text/csv; charset=utf-8',
};

/** The report's document for the organization and period (404 for a key the library lacks). */
export async function buildReport(
  deps: ServiceDeps,
  ctx: RequestContext,
  key: ReportKey,
  range: { from?: string; to?: string },
): Promise<{ document: ReportDocument; logoKey: string | null }> {
  const builder = Object.hasOwn(REPORT_BUILDERS, key) ? REPORT_BUILDERS[key] : undefined;
  if (!builder) throw notFound('Report');
  const period = resolveRange(key, range, todayOf(deps));
  const generatedAt = deps.clock.now();
  const [sections, { logoKey, ...branding }] = await Promise.all([
    builder(deps, ctx, period),
    resolveBranding(deps, ctx),
  ]);
  return {
    logoKey,
    document: {
      key,
      title: REPORT_LIBRARY[key].title,
      periodLabel: formatPeriod(period.from, period.to),
      from: period.from,
      to: period.to,
      currency: ctx.org.currency,
      generatedAt: generatedAt.toISOString(),
      branding,
      sections,
    },
  };
}

/**
 * A report rendered as `format` (what the routes and the scheduled delivery call). `options.table`
 * picks the CSV's table section (default: every table, each under its title).
 */
export async function renderReport(
  deps: ServiceDeps,
  ctx: RequestContext,
  key: ReportKey,
  range: { from?: string; to?: string },
  format: ReportFormat,
  options: { table?: string } = {},
): Promise<RenderedReport> {
  const { document, logoKey } = await buildReport(deps, ctx, key, range);
  const filename = `stackwise-${key}-${document.from}-${document.to}.${format}`;
  const contentType = CONTENT_TYPES[format];
  switch (format) {
    case 'json':
      return { document, body: null, contentType, filename };
    case 'pdf':
      return {
        document,
        body: await reportPdf(document, await readLogo(deps, logoKey)),
        contentType,
        filename,
      };
    case 'xlsx':
      return { document, body: await reportXlsx(document), contentType, filename };
    case 'csv':
      return { document, body: reportCsv(document, options.table), contentType, filename };
  }
}
