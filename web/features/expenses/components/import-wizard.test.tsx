// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, ndjsonStream, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { BATCH_ID, CARD_ID, preview, session, upload } from '../test/fixtures';
import { ImportWizard } from './import-wizard';

/** The upload goes through XMLHttpRequest (for its progress events); the test plays the browser. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  sent: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  progress(fraction: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

let api: MockApi;
let commit: ReturnType<typeof ndjsonStream>;
beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  commit = ndjsonStream();
  api = mockApi({
    ...session(),
    'GET /api/settings/payment-methods': [{ id: CARD_ID, name: 'Amex Corporate' }],
    [`POST /api/expenses/import/${BATCH_ID}/preview`]: preview,
    [`POST /api/expenses/import/${BATCH_ID}/commit`]: () => commit.response,
  });
});
afterEach(() => vi.unstubAllGlobals());

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no upload started');
  return FakeXhr.last;
};
const commitCall = () => api.calls.find((c) => c.path === `/api/expenses/import/${BATCH_ID}/commit`);

function renderWizard() {
  const u = userEvent.setup();
  renderWithProviders(
    <SettingsDataProvider>
      <ImportWizard open onOpenChange={() => {}} />
    </SettingsDataProvider>,
  );
  return u;
}

/** Upload march.csv, keep the detected columns, preview. */
async function reachPreview(u: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Amex Corporate' });
  await u.selectOptions(screen.getByLabelText('Paid with'), CARD_ID);
  await u.upload(screen.getByLabelText('Statement file'), new File(['Booked,Payee,Amount\n'], 'march.csv'));
  await xhr().respond(200, upload);
  await u.click(await screen.findByRole('button', { name: 'Preview' }));
  return screen.findByRole('dialog', { name: 'Review before importing' });
}

describe('statement import wizard', () => {
  it('shows the upload progress, then the detected columns, and previews with the edited mapping', async () => {
    const u = renderWizard();
    await u.upload(screen.getByLabelText('Statement file'), new File(['Booked,Payee,Amount\n'], 'march.csv'));
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/api/expenses/import');
    expect((xhr().sent?.get('file') as File).name).toBe('march.csv');
    xhr().progress(0.4);
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    await xhr().respond(200, upload);
    const dialog = await screen.findByRole('dialog', { name: 'Check the columns' });
    expect(within(dialog).getByText('march.csv · CSV')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toHaveDisplayValue('Booked');
    expect(within(dialog).getByLabelText('Merchant')).toHaveDisplayValue('Payee');
    expect(within(dialog).getByLabelText('Amount (signed)')).toHaveDisplayValue('Amount');
    expect(within(dialog).getByText(/Both day-first and month-first fit/)).toBeInTheDocument();
    expect(within(dialog).getByText('SLACK T0123')).toBeInTheDocument(); // a sample row

    await u.selectOptions(within(dialog).getByLabelText('Date format'), 'MM/DD/YYYY');
    await u.selectOptions(within(dialog).getByLabelText('Charges are'), 'positive-is-expense');
    await u.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await screen.findByRole('dialog', { name: 'Review before importing' });
    expect(api.calls.find((c) => c.path.endsWith('/preview'))?.body).toMatchObject({
      mapping: {
        date: 0,
        merchant: 1,
        amount: 2,
        dateFormat: 'MM/DD/YYYY',
        signConvention: 'positive-is-expense',
      },
      defaultCurrency: 'USD',
      paymentMethodId: null,
    });
  });

  it('a failed upload says why and stays on the upload step', async () => {
    const u = renderWizard();
    await u.upload(screen.getByLabelText('Statement file'), new File(['garbage'], 'export.csv'));
    await xhr().respond(400, { message: 'This file is not a statement we can read.', code: 'bad_request' });
    expect(await screen.findByText('The file could not be read')).toBeInTheDocument();
    expect(screen.getByText('This file is not a statement we can read.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Import a statement' })).toBeInTheDocument();
    expect(screen.getByLabelText('Statement file')).toBeInTheDocument();
  });

  it('blocks on unreadable rows until they are skipped, books a charge already booked again on request and streams the commit', async () => {
    const u = renderWizard();
    const dialog = await reachPreview(u);
    const counts = within(screen.getByTestId('import-counts'));
    const stat = (label: string) => counts.getByText(label).nextElementSibling?.textContent;
    expect(stat('Rows')).toBe('5');
    expect(stat('To import')).toBe('2'); // 4 valid − 2 duplicates
    expect(stat('Duplicates')).toBe('2');
    expect(stat('Errors')).toBe('1');
    expect(within(dialog).getByText('1 row cannot be read')).toBeInTheDocument();
    expect(within(dialog).getByText('Line 5 · Date: Not a date: "31/02/2026"')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-03-01 to 2026-03-28 · $50.00')).toBeInTheDocument();

    expect(within(dialog).getByRole('button', { name: 'Import 2 expenses' })).toBeDisabled();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Skip these rows and import the rest' }));
    expect(within(dialog).getByRole('button', { name: 'Import 2 expenses' })).toBeEnabled();
    const booked = within(dialog).getByRole('region', { name: 'Already in Stackwise' });
    expect(booked).toHaveTextContent('Line 3 · 2026-03-04 ZOOM.US $12.50 — Already in Stackwise: ZOOM.US (already booked)');
    expect(within(booked).getByLabelText('Choice for line 3')).toHaveValue('skip');
    await u.selectOptions(within(booked).getByLabelText('Choice for line 3'), 'create');
    expect(stat('To import')).toBe('3');
    await u.click(within(dialog).getByRole('button', { name: 'Import 3 expenses' }));

    await waitFor(() => expect(commitCall()).toBeDefined());
    expect(commitCall()?.body).toEqual({
      mapping: upload.mapping,
      defaultCurrency: 'USD',
      includeCredits: false,
      paymentMethodId: CARD_ID,
      decisions: { default: 'skip', rows: [{ row: 3, decision: 'create' }] },
      skipInvalidRows: true,
    });
    expect(commitCall()?.headers).toMatchObject({ Accept: expect.stringContaining('application/x-ndjson') });

    commit.send({ progress: { phase: 'checking', done: 0, total: 0 } });
    expect(await screen.findByText('Checking the rows…')).toBeInTheDocument();
    commit.send({ progress: { phase: 'saving', done: 1, total: 3 } });
    expect(await screen.findByText('Saving 1 of 3 expenses…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '35',
    );
    expect(within(dialog).getByRole('button', { name: 'Import 3 expenses' })).toBeDisabled();

    commit.send({
      status: 200,
      body: {
        batchId: BATCH_ID,
        imported: 3,
        created: 3,
        updated: 0,
        skippedExisting: 1,
        skippedDuplicates: 1,
        skippedInvalid: 1,
        matched: 1,
      },
    });
    commit.close();
    expect(await screen.findByRole('dialog', { name: 'Import finished' })).toBeInTheDocument();
    expect(
      screen.getByText('Expenses: 3 created, 0 updated, 1 skipped; 1 matched to applications.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 unreadable rows skipped\./)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
  });

  it('an error line from the server shows its message and nothing is marked done', async () => {
    const u = renderWizard();
    const dialog = await reachPreview(u);
    await u.click(within(dialog).getByRole('checkbox', { name: 'Skip these rows and import the rest' }));
    await u.click(within(dialog).getByRole('button', { name: 'Import 2 expenses' }));
    commit.send({ progress: { phase: 'saving', done: 0, total: 2 } });
    expect(await screen.findByText('Saving 0 of 2 expenses…')).toBeInTheDocument();
    commit.send({ status: 409, body: { message: 'This statement was already imported.', code: 'conflict' } });
    commit.close();

    const title = await screen.findByText('Nothing was imported');
    expect(title.closest('li')).toHaveClass('bg-destructive');
    expect(screen.getAllByText('This statement was already imported.')[0]).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Review before importing' })).toBeInTheDocument();
    expect(screen.queryByText(/^Imported \d/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 expenses' })).toBeEnabled();
  });
});
