// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeopleImportPreview } from '@common/contracts/people-import';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ImportPeopleDialog } from './import-people-dialog';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const CSV = 'Work Email,Name,Dept\nada@example.com,Ada Lovelace,Engineering\nbad,Bad Row,Sales\n';
const candidate = {
  id: 'p-lee',
  email: 'lee@example.com',
  name: 'Lee Ver',
  department: 'Sales',
  openAssignments: 2,
  yearlyCosts: [{ currency: 'USD', amountMinor: 24_000 }],
};

function preview(mapping: PeopleImportPreview['mapping']): PeopleImportPreview {
  return {
    headers: ['Work Email', 'Name', 'Dept'],
    mapping,
    suggestedMapping: { email: 'Work Email', fullName: 'Name' },
    rows: [
      {
        line: 2,
        action: 'create',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        department: 'Engineering',
        changes: [],
        errors: [],
        warnings: [],
        existing: null,
        duplicateOfRow: null,
      },
      {
        line: 3,
        action: 'error',
        email: null,
        name: 'Bad Row',
        department: null,
        changes: [],
        errors: [{ line: 3, field: 'email', message: '"bad" is not a valid e-mail address' }],
        warnings: [],
        existing: null,
        duplicateOfRow: null,
      },
    ],
    summary: { rows: 2, create: 1, update: 0, unchanged: 0, error: 1 },
    offboardCandidates: [candidate],
  };
}

describe('import people wizard', () => {
  it('uploads, maps a column, previews, imports skipping bad rows, and offboards the confirmed leavers', async () => {
    api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/organization': organizationDetail,
      'POST /api/people/import/preview': ({ body }: { body: { mapping?: PeopleImportPreview['mapping'] } }) =>
        preview(body.mapping ?? { email: 'Work Email', fullName: 'Name' }),
      'POST /api/people/import/commit': {
        created: 1,
        updated: 0,
        unchanged: 0,
        skipped: 1,
        skippedExisting: 0,
        offboardCandidates: [candidate],
      },
      'POST /api/people/offboard-candidates/confirm': { offboarded: 1, unassigned: 2 },
    });
    const u = userEvent.setup();
    renderWithProviders(<ImportPeopleDialog open onOpenChange={() => {}} />);
    await u.upload(screen.getByLabelText('CSV file'), new File([CSV], 'people.csv', { type: 'text/csv' }));
    await u.click(screen.getByRole('checkbox', { name: /lists everyone/ }));
    await u.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Line 3 · E-mail: "bad" is not a valid e-mail address'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail (required)')).toHaveValue('Work Email');
    await u.selectOptions(screen.getByLabelText('Department'), 'Dept');
    expect(api.calls.filter((c) => c.path === '/api/people/import/preview').at(-1)?.body).toMatchObject({
      mapping: { email: 'Work Email', fullName: 'Name', department: 'Dept' },
      fullImport: true,
    });

    const importButton = screen.getByRole('button', { name: 'Import 1 person' });
    expect(importButton).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: /Skip the 1 rows with errors/ }));
    await u.click(importButton);
    expect(api.calls.find((c) => c.path === '/api/people/import/commit')?.body).toMatchObject({
      skipInvalid: true,
      fullImport: true,
    });

    const leavers = await screen.findByText('Not in the file — offboard them?');
    expect(within(leavers.parentElement!).getByText(/2 licenses · \$240\.00 a year/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Offboard 1' }));
    expect(await screen.findByText('1 offboarded')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/people/offboard-candidates/confirm')?.body).toEqual({
      personIds: ['p-lee'],
    });
  });

  it('lists people already in Stackwise by e-mail, skips them unless the user picks update', async () => {
    const grace = {
      line: 4,
      action: 'update' as const,
      email: 'grace@example.com',
      name: 'Grace Hopper',
      department: 'Research',
      changes: ['department'],
      errors: [],
      warnings: [],
      existing: { id: 'p-grace', label: 'Grace Hopper', matchedBy: 'email' as const },
      duplicateOfRow: null,
    };
    const base = preview({ email: 'Work Email', fullName: 'Name' });
    api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/organization': organizationDetail,
      'POST /api/people/import/preview': {
        ...base,
        rows: [base.rows[0], grace],
        summary: { rows: 2, create: 1, update: 1, unchanged: 0, error: 0 },
        offboardCandidates: [],
      },
      'POST /api/people/import/commit': {
        created: 1,
        updated: 1,
        unchanged: 0,
        skipped: 0,
        skippedExisting: 0,
        offboardCandidates: [],
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<ImportPeopleDialog open onOpenChange={() => {}} />);
    await u.upload(screen.getByLabelText('CSV file'), new File([CSV], 'people.csv', { type: 'text/csv' }));
    await u.click(screen.getByRole('button', { name: 'Continue' }));

    const section = await screen.findByRole('region', { name: 'Already in Stackwise' });
    expect(section).toHaveTextContent(
      'Line 4 · grace@example.com — Already in Stackwise: Grace Hopper (same e-mail)',
    );
    expect(within(section).getByLabelText('Choice for line 4')).toHaveValue('skip');
    expect(screen.getByRole('button', { name: 'Import 1 person' })).toBeEnabled();
    await u.selectOptions(within(section).getByLabelText('Choice for line 4'), 'update');
    await u.click(screen.getByRole('button', { name: 'Import 2 people' }));
    expect(api.calls.find((c) => c.path === '/api/people/import/commit')?.body).toMatchObject({
      decisions: { default: 'skip', rows: [{ row: 4, decision: 'update' }] },
    });
    expect(await screen.findByText('1 created, 1 updated, 0 skipped')).toBeInTheDocument();
  });
});
