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
type PreviewRow = ImportPreview['rows'][number];
/** A valid monthly USD row that matches nothing already in Stackwise. */
function previewRow(
  fields: Pick<PreviewRow, 'row' | 'name' | 'amountMinor'> & Partial<PreviewRow>,
): PreviewRow {
  return {
    vendor: null,
    currency: 'USD',
    billingCycle: 'monthly',
    nextRenewalDate: null,
    seats: null,
    ownerEmail: null,
    category: null,
    status: null,
    errors: [],
    existing: null,
    duplicateOfRow: null,
    ...fields,
  };
}

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
    previewRow({ row: 1, name: 'Slack', amountMinor: 1250 }),
    previewRow({ row: 2, name: 'Figma', amountMinor: 4500 }),
    previewRow({
      row: 3,
      name: 'Broken',
      amountMinor: null,
      billingCycle: null,
      errors: [{ line: 4, field: 'amount', message: 'Not a number: "twelve"' }],
    }),
  ],
  errors: [{ line: 4, field: 'amount', message: 'Not a number: "twelve"' }],
  matched: [],
  matchedRows: 0,
  planLimit: { limit: null, current: 0, wouldExceed: false },
};

const SLACK_ID = '44444444-4444-4444-8444-444444444444';
const slackMatch = { id: SLACK_ID, label: 'Slack', matchedBy: 'catalog' as const };
/** Slack is already in Stackwise; Figma is new; nothing is invalid. */
const matchedPreview: ImportPreview = {
  ...preview,
  totalRows: 2,
  validRows: 2,
  invalidRows: 0,
  errors: [],
  rows: [{ ...preview.rows[0], existing: slackMatch }, preview.rows[1]],
  matched: [
    {
      row: 1,
      name: 'Slack',
      vendor: null,
      amountMinor: 1250,
      currency: 'USD',
      existing: slackMatch,
      duplicateOfRow: null,
    },
  ],
  matchedRows: 1,
};

/** The commit's answer: how many rows were imported, created and updated (none skipped unless said). */
const committed = (counts: { imported: number; created: number; updated: number; skipped?: number }) => ({
  importId: IMPORT_ID,
  skipped: 0,
  errors: [],
  warnings: [],
  vendorsCreated: 0,
  categoriesCreated: 0,
  skippedExisting: 0,
  ...counts,
});

/** Answers the import routes, renders the import and uploads `csv`; returns the user and onDone. */
async function uploadCsv(routes: Parameters<typeof mockApi>[0], csv: string, filename = 'apps.csv') {
  api = mockApi(routes);
  const onDone = vi.fn();
  const u = userEvent.setup();
  renderWithProviders(<CsvImport onDone={onDone} />);
  await u.upload(screen.getByLabelText('CSV file'), new File([csv], filename, { type: 'text/csv' }));
  return { u, onDone };
}

function committedBody() {
  return api.calls.find((c) => c.path === '/api/subscriptions/import/commit')?.body;
}

describe('CSV import', () => {
  it('previews the file with its bad rows and reasons, then commits only the good rows', async () => {
    const { u, onDone } = await uploadCsv(
      {
        'POST /api/subscriptions/import/preview': preview,
        'POST /api/subscriptions/import/commit': committed({
          imported: 2,
          created: 2,
          updated: 0,
          skipped: 1,
        }),
      },
      'App,Cost\nSlack,12.50\nFigma,45\nBroken,twelve\n',
    );

    expect(await screen.findByText('Line 4 · Cost per cycle: Not a number: "twelve"')).toBeInTheDocument();
    expect(screen.getByText(/of 3 rows are ready to import/)).toBeInTheDocument();
    // The bytes go up as they are (base64): the server detects the encoding and reads XLSX too.
    const sent = api.calls[0].body as { filename: string; file: string };
    expect(sent.filename).toBe('apps.csv');
    expect(atob(sent.file)).toContain('Broken,twelve');
    expect(screen.getByRole('button', { name: 'Import all 3 rows' })).toBeDisabled();
    expect(screen.getByLabelText('Map column App')).toHaveValue('name');

    await u.click(screen.getByRole('button', { name: 'Import only the 2 good rows' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(committedBody()).toMatchObject({
      importId: IMPORT_ID,
      skipInvalid: true,
      mapping: { name: 0, amount: 1 },
    });
  });

  it('an edited mapping is re-checked before anything can be committed', async () => {
    const { u } = await uploadCsv(
      {
        'POST /api/subscriptions/import/preview': preview,
        'POST /api/subscriptions/import/remap': {
          ...preview,
          invalidRows: 0,
          errors: [],
          mapping: { name: 1, amount: null },
        },
      },
      'App,Cost\n',
      'a.csv',
    );
    await u.selectOptions(await screen.findByLabelText('Map column Cost'), 'name');
    expect(screen.getByRole('button', { name: 'Import only the 2 good rows' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Update preview' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import all 3 rows' })).toBeEnabled());
    const remap = api.calls.find((c) => c.path === '/api/subscriptions/import/remap');
    expect(remap?.body).toMatchObject({ importId: IMPORT_ID, mapping: { name: 1, amount: null } });
  });

  it('shows rows already in Stackwise, skips them by default, and sends the choices made', async () => {
    const { u, onDone } = await uploadCsv(
      {
        'POST /api/subscriptions/import/preview': matchedPreview,
        'POST /api/subscriptions/import/commit': committed({ imported: 1, created: 1, updated: 1 }),
      },
      'App,Cost\nSlack,12.50\nFigma,45\n',
    );
    const section = await screen.findByRole('region', { name: 'Already in Stackwise' });
    expect(section).toHaveTextContent('Row 1 · Slack — Already in Stackwise: Slack (same catalogue app)');
    expect(screen.getByLabelText('For all matched rows')).toHaveValue('skip');
    expect(screen.getByLabelText('Choice for row 1')).toHaveValue('skip');

    await u.selectOptions(screen.getByLabelText('Choice for row 1'), 'update');
    await u.click(screen.getByRole('button', { name: 'Import all 2 rows' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(committedBody()).toMatchObject({
      decisions: { default: 'skip', rows: [{ row: 1, decision: 'update' }] },
    });
    expect(
      await screen.findByText('Applications imported: 1 created, 1 updated, 0 skipped'),
    ).toBeInTheDocument();
  });

  it('one choice for all matched rows replaces the per-row ones', async () => {
    const { u, onDone } = await uploadCsv(
      {
        'POST /api/subscriptions/import/preview': matchedPreview,
        'POST /api/subscriptions/import/commit': committed({ imported: 2, created: 2, updated: 0 }),
      },
      'App,Cost\nSlack,12.50\n',
    );
    await u.selectOptions(await screen.findByLabelText('Choice for row 1'), 'update');
    await u.selectOptions(screen.getByLabelText('For all matched rows'), 'create');
    expect(screen.getByLabelText('Choice for row 1')).toHaveValue('create');
    await u.click(screen.getByRole('button', { name: 'Import all 2 rows' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(committedBody()).toMatchObject({ decisions: { default: 'create', rows: [] } });
  });
});
