import { describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../../../common/contracts/reports';
import { readPdf } from '../../../test/read-pdf';
import { reportPdf } from './pdf';

// The PDF renderer on its own: pagination, repeated headers, footers, branding, odd text.

function documentWith(rows: number, branding: Partial<ReportDocument['branding']> = {}): ReportDocument {
  return {
    key: 'spend-by-vendor',
    title: 'Spend by vendor',
    periodLabel: 'Nov 1, 2025 – Oct 31, 2026',
    from: '2025-11-01',
    to: '2026-10-31',
    currency: 'EUR',
    generatedAt: '2026-11-03T09:15:00.000Z',
    branding: { name: 'Acme GmbH', primaryColor: '#4F46E5', logoUrl: null, stackwise: true, ...branding },
    sections: [
      {
        id: 'kpis',
        title: '',
        type: 'kpis',
        items: [
          {
            label: 'Total spend',
            value: 1_234_567,
            format: 'money',
            hint: '+12.4 % on the previous period',
            tone: 'bad',
          },
        ],
      },
      {
        id: 'trend',
        title: 'Spend by month',
        type: 'chart',
        chart: 'stacked-bar',
        categories: ['Nov 2025', 'Dec 2025', 'Jan 2026'],
        series: [
          { name: 'Slack', values: [1000, 2000, null] },
          { name: 'Figma', values: [500, -200, 300] },
        ],
        format: 'money',
      },
      {
        id: 'vendors',
        title: 'Vendors',
        type: 'table',
        columns: [
          { key: 'vendor', label: 'Vendor', format: 'text' },
          { key: 'spend', label: 'Spend', format: 'money' },
        ],
        rows: Array.from({ length: rows }, (_, i) => ({
          vendor: i === 0 ? `東京 Software Łódź ${'very long name '.repeat(12)}` : `Vendor ${i + 1}`,
          spend: (i + 1) * 100,
        })),
        totals: { vendor: 'Total', spend: (rows * (rows + 1) * 100) / 2 },
      },
    ],
  };
}

describe('report PDF', () => {
  it('paginates a 500-row table: header on every page, rows whole, "Page N of M" on each', async () => {
    const pages = await readPdf(await reportPdf(documentWith(500), null));
    expect(pages.length).toBeGreaterThan(5);
    const text = pages.map((p) => p.join('\n'));
    expect(text[0]).toContain('Spend by vendor');
    expect(text[0]).toContain('Period: Nov 1, 2025 – Oct 31, 2026');
    expect(text[0]).toContain('Generated Nov 3, 2026, 09:15 UTC');
    expect(text[0]).toContain('€12,345.67');
    pages.forEach((lines, i) => {
      expect(lines.join('\n')).toContain(`Page ${i + 1} of ${pages.length}`);
      // The table's header row: on the first page after the chart, on every later one at the top.
      expect(lines.some((l) => /^Vendor Spend$/.test(l))).toBe(true);
    });
    const all = pages.flat();
    for (const n of [2, 250, 500]) expect(all.filter((l) => l === `Vendor ${n} €${n}.00`)).toHaveLength(1);
    expect(all).toContain('Total €125,250.00');
    // Non-Latin text does not crash the render; it is replaced, and long names end in an ellipsis.
    const first = all.find((l) => l.includes('Software ?ódz'))!;
    expect(first).toMatch(/^\?\? Software \?ódz very long name .*… €1\.00$/);
    expect(text[0]).toContain('Made with Stackwise');
  });

  it('carries the organization name on branded reports and Stackwise otherwise', async () => {
    const branded = (
      await readPdf(await reportPdf(documentWith(3, { name: 'Globex Corp', stackwise: false }), null))
    ).flat();
    expect(branded.join('\n')).toContain('Globex Corp');
    expect(branded.join('\n')).not.toContain('Stackwise');
  });
});
