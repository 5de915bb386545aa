// A renderer standing in for the reports module's in unit tests of the delivery: a real one-page
// PDF (pdfkit) and a document with one KPI section, and a record of every call.
import PDFDocument from 'pdfkit';
import { REPORT_LIBRARY, type ReportDocument } from '../../../../common/contracts/reports';
import type { RenderReport } from '../deliver';

function pdfOf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(title);
    doc.end();
  });
}

export function fakeRenderer(options: { failWith?: string } = {}) {
  const calls: Array<{ key: string; from?: string; to?: string; format: string; userId: string }> = [];
  const render: RenderReport = async (deps, ctx, key, range, format) => {
    calls.push({ key, ...range, format, userId: ctx.userId });
    if (options.failWith) throw new Error(options.failWith);
    const title = REPORT_LIBRARY[key].title;
    const document: ReportDocument = {
      key,
      title,
      periodLabel: `${range.from} – ${range.to}`,
      from: range.from!,
      to: range.to!,
      currency: ctx.org.currency,
      generatedAt: deps.clock.now().toISOString(),
      branding: { name: ctx.org.name, primaryColor: '#4F46E5', logoUrl: null, stackwise: true },
      sections: [
        {
          id: 'kpis',
          title: 'Headline figures',
          type: 'kpis',
          items: [
            { label: 'Total spend', value: 1_234_500, format: 'money' },
            { label: 'Applications', value: 42, format: 'number' },
            { label: 'License utilisation', value: 81.5, format: 'percent', hint: '+2 points' },
          ],
        },
      ],
    };
    return format === 'pdf'
      ? { document, body: await pdfOf(title), contentType: 'application/pdf', filename: `${key}.pdf` }
      : {
          document,
          body: Buffer.from('PK fake workbook'),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          filename: `${key}.xlsx`,
        };
  };
  return { render, calls };
}
