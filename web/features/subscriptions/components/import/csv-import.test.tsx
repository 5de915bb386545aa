// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@common/contracts/imports';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CsvImport } from './csv-import';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const IMPORT_ID = '33333333-3333-4333-8333-333333333333';
const preview: ImportPreview = {
  importId: IMPORT_ID,
  filename: 'apps.csv',
  delimiter: ',',
  columns: [
    { index: 0, header: 'App', field: 'name', samples: ['Slack'] },
    { index: 1, header: 'Cost', field: 'amount', samples: ['12.50'] },
  ],
  mapping: { name: 0, amount: 1 },
  unmappedFields: [],
  totalRows: 3,
  validRows: 2,
  invalidRows: 1,
  rows: [
    {
      row: 1,
      name: 'Slack',
      vendor: null,
      amountMinor: 1250,
      currency: 'USD',
      billingCycle: 'monthly',
      nextRenewalDate: null,
      seats: null,
      ownerEmail: null,
      category: null,
      status: null,
      errors: [],
    },
    {
      row: 2,
      name: 'Figma',
      vendor: null,
      amountMinor: 4500,
      currency: 'USD',
      billingCycle: 'monthly',
      nextRenewalDate: null,
      seats: null,
      ownerEmail: null,
      category: null,
      status: null,
      errors: [],
    },
    {
      row: 3,
      name: 'Broken',
      vendor: null,
      amountMinor: null,
      currency: 'USD',
      billingCycle: null,
      nextRenewalDate: null,
      seats: null,
      ownerEmail: null,
      category: null,
      status: null,
      errors: [{ field: 'amount', message: 'Not a number: "twelve"' }],
    },
  ],
  problems: [{ row: 3, name: 'Broken', errors: [{ field: 'amount', message: 'Not a number: "twelve"' }] }],
  planLimit: { limit: null, current: 0, wouldExceed: false },
};

describe('CSV import', () => {
  it('previews the file with its bad rows and reasons, then commits only the good rows', async () => {
    api = mockApi({
      'POST /api/subscriptions/import/preview': preview,
      'POST /api/subscriptions/import/commit': {
        importId: IMPORT_ID,
        imported: 2,
        skipped: 1,
        problems: [],
        vendorsCreated: 0,
        categoriesCreated: 0,
      },
    });
    const onDone = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<CsvImport onDone={onDone} />);
    const file = new File(['App,Cost\nSlack,12.50\nFigma,45\nBroken,twelve\n'], 'apps.csv', {
      type: 'text/csv',
    });
    await u.upload(screen.getByLabelText('CSV file'), file);

    expect(await screen.findByText(/Row 3 \(Broken\): amount: Not a number/)).toBeInTheDocument();
    expect(screen.getByText(/of 3 rows are ready to import/)).toBeInTheDocument();
    // The bytes go up as they are (base64): the server detects the encoding and reads XLSX too.
    const sent = api.calls[0].body as { filename: string; file: string };
    expect(sent.filename).toBe('apps.csv');
    expect(atob(sent.file)).toContain('Broken,twelve');
    expect(screen.getByRole('button', { name: 'Import all 3 rows' })).toBeDisabled();
    expect(screen.getByLabelText('Map column App')).toHaveValue('name');

    await u.click(screen.getByRole('button', { name: 'Import only the 2 good rows' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const commit = api.calls.find((c) => c.path === '/api/subscriptions/import/commit');
    expect(commit?.body).toMatchObject({
      importId: IMPORT_ID,
      skipInvalid: true,
      mapping: { name: 0, amount: 1 },
    });
  });

  it('an edited mapping is re-checked before anything can be committed', async () => {
    api = mockApi({
      'POST /api/subscriptions/import/preview': preview,
      'POST /api/subscriptions/import/remap': {
        ...preview,
        invalidRows: 0,
        problems: [],
        mapping: { name: 1, amount: null },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<CsvImport onDone={() => {}} />);
    await u.upload(
      screen.getByLabelText('CSV file'),
      new File(['App,Cost\n'], 'a.csv', { type: 'text/csv' }),
    );
    await u.selectOptions(await screen.findByLabelText('Map column Cost'), 'name');
    expect(screen.getByRole('button', { name: 'Import only the 2 good rows' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Update preview' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import all 3 rows' })).toBeEnabled());
    const remap = api.calls.find((c) => c.path === '/api/subscriptions/import/remap');
    expect(remap?.body).toMatchObject({ importId: IMPORT_ID, mapping: { name: 1, amount: null } });
  });
});
