// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_KEYS, REPORT_LIBRARY, type ReportDocument } from '@common/contracts/reports';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ReportLibraryScreen, ReportScreen } from './screens';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const library = REPORT_KEYS.map((key) => ({ key, ...REPORT_LIBRARY[key] }));
const routes = [
  { path: '/app/reports', element: <ReportLibraryScreen /> },
  { path: '/app/reports/:key', element: <ReportScreen /> },
];

const document: ReportDocument = {
  key: 'spend-by-vendor',
  title: 'Spend by vendor',
  periodLabel: 'Jan 1, 2026 – Mar 31, 2026',
  from: '2026-01-01',
  to: '2026-03-31',
  currency: 'EUR',
  generatedAt: '2026-04-02T08:00:00.000Z',
  branding: { name: 'Globex', primaryColor: '#112233', logoUrl: null, stackwise: false },
  sections: [
    {
      id: 'kpis',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Total spend',
          value: 1_234_500,
          format: 'money',
          hint: '+4 % on the period before',
          tone: 'bad',
        },
      ],
    },
    {
      id: 'trend',
      title: 'By month',
      type: 'chart',
      chart: 'bar',
      categories: ['Jan 26', 'Feb 26', 'Mar 26'],
      series: [{ name: 'Spend', values: [400_000, 400_000, 434_500] }],
      format: 'money',
    },
    {
      id: 'vendors',
      title: 'Vendors',
      type: 'table',
      columns: [
        { key: 'vendor', label: 'Vendor', format: 'text' },
        { key: 'spend', label: 'Spend', format: 'money' },
        { key: 'share', label: 'Share', format: 'percent' },
      ],
      rows: [
        { vendor: 'Atlassian', spend: 834_500, share: 67.6 },
        { vendor: 'Figma', spend: 400_000, share: 32.4 },
      ],
      totals: { vendor: 'Total', spend: 1_234_500, share: 100 },
    },
    { id: 'note', title: 'Method', type: 'text', paragraphs: ['Spend is what was charged.'] },
  ],
};

describe('/app/reports', () => {
  it('shows the library as cards with Open links, and branding locked on Growth', async () => {
    api = mockApi({ ...session('owner', 'pro'), 'GET /api/reports': library });
    renderRoutes(routes, '/app/reports');
    expect(await screen.findAllByTestId('report-card')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Open Executive summary' })).toHaveAttribute(
      'href',
      '/app/reports/executive-summary',
    );
    const locked = screen.getByTestId('report-branding-locked');
    expect(within(locked).getByRole('button', { name: 'Upgrade to Scale' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/reports/branding')).toBe(false);
  });

  it('shows the upgrade prompt on Starter instead of the library', async () => {
    api = mockApi({ ...session('owner', 'starter'), 'GET /api/reports': library });
    renderRoutes(routes, '/app/reports');
    expect(await screen.findByTestId('upgrade-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('report-card')).not.toBeInTheDocument();
  });

  it('lets Scale set the branding, with a preview of the header', async () => {
    api = mockApi({
      ...session('owner', 'scale'),
      'GET /api/reports': library,
      'GET /api/reports/branding': {
        displayName: 'Globex Finance',
        primaryColor: '#112233',
        logoUrl: null,
        organizationName: 'Globex',
      },
    });
    renderRoutes(routes, '/app/reports');
    expect(
      await within(await screen.findByTestId('branding-preview')).findByText('Globex Finance'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Globex Finance');
  });
});

describe('/app/reports/:key', () => {
  it('renders every section of the document and download links with the same period', async () => {
    api = mockApi({ ...session('owner', 'pro'), 'GET /api/reports/spend-by-vendor': document });
    renderRoutes(routes, '/app/reports/spend-by-vendor?from=2026-01-01&to=2026-03-31');
    const kpi = await screen.findByTestId('report-kpi');
    expect(kpi).toHaveTextContent('Total spend€12,345.00');
    expect(screen.getByText('+4 % on the period before')).toBeInTheDocument();
    expect(screen.getByTestId('report-chart')).toBeInTheDocument();
    const table = screen.getByTestId('report-table-vendors');
    expect(within(table).getByText('Atlassian')).toBeInTheDocument();
    expect(within(table).getByText('€8,345.00')).toBeInTheDocument();
    expect(within(table).getByText('67.6 %')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-totals')).getByText('€12,345.00')).toBeInTheDocument();
    expect(screen.getByText('Spend is what was charged.')).toBeInTheDocument();
    expect(screen.getByTestId('report-band')).toHaveTextContent('Globex');
    expect(screen.getByTestId('download-pdf')).toHaveAttribute(
      'href',
      '/api/reports/spend-by-vendor?from=2026-01-01&to=2026-03-31&format=pdf',
    );
    expect(screen.getByTestId('download-xlsx').getAttribute('href')).toContain(
      'from=2026-01-01&to=2026-03-31&format=xlsx',
    );
    expect(screen.getByTestId('download-csv').getAttribute('href')).toContain('format=csv');
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/reports/spend-by-vendor?from=2026-01-01&to=2026-03-31'),
      ).toBe(true),
    );
  });

  it('says the CSV holds every table, dates one way, and keeps wide tables inside the page', async () => {
    const twoTables: ReportDocument = {
      ...document,
      sections: [
        ...document.sections,
        {
          id: 'more',
          title: 'More',
          type: 'table',
          columns: [{ key: 'name', label: 'Name', format: 'text' }],
          rows: [{ name: 'x' }],
        },
      ],
    };
    api = mockApi({ ...session('owner', 'pro'), 'GET /api/reports/spend-by-vendor': twoTables });
    renderRoutes(routes, '/app/reports/spend-by-vendor?from=2026-01-01&to=2026-03-31');
    await screen.findByTestId('report-band');
    expect(screen.getByTestId('download-csv')).toHaveTextContent('CSV (all 2 tables)');
    // One date format on the page: "Apr 2, 2026", never an ISO date or the browser's locale.
    expect(screen.getByText(/generated Apr 2, 2026, 08:00 UTC/)).toBeInTheDocument();
    expect(screen.getByTestId('report-band')).toHaveTextContent('Jan 1, 2026 – Mar 31, 2026');
    // A one-column track that may shrink below its content: tables scroll inside their card.
    expect(screen.getByTestId('report-sections').className).toContain('grid-cols-[minmax(0,1fr)]');
  });

  it('says so for a report that does not exist', async () => {
    api = mockApi({ ...session('owner', 'pro') });
    renderRoutes(routes, '/app/reports/nope');
    expect(await screen.findByText('This report does not exist')).toBeInTheDocument();
  });
});
