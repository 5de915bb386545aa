import type { Insight, InsightDetail, InsightList, InsightSummary } from '@common/contracts/insights';

export const SLACK = { id: '11111111-1111-4111-8111-111111111111', name: 'Slack' };
export const ZOOM = { id: '22222222-2222-4222-8222-222222222222', name: 'Zoom' };

export function insight(overrides: Partial<Insight> = {}): Insight {
  return {
    id: 'i1',
    type: 'inactive_licenses',
    key: `inactive_licenses:${SLACK.id}`,
    title: '4 idle Slack seats',
    explanation: '4 people have not used Slack in 60 days or more. Reclaim their seats.',
    savingMinor: 57_600,
    countedMinor: 57_600,
    overlapsWith: [],
    decision: null,
    currency: 'USD',
    arithmetic: '4 seats × $12.00 × 12 months = $576.00',
    savingUnavailable: null,
    confidence: 'high',
    confidenceReason: 'Activity comes from a usage import',
    applications: [SLACK],
    people: [{ id: 'p1', name: 'Ana Ruiz' }],
    action: { path: `/app/subscriptions/${SLACK.id}`, text: 'Reclaim seats' },
    state: 'new',
    detected: true,
    owner: null,
    dueDate: null,
    snoozedUntil: null,
    dismissReason: null,
    dismissNote: null,
    realizedMinor: null,
    realizedSource: null,
    beforeAnnualMinor: null,
    afterAnnualMinor: null,
    realizedAt: null,
    commentCount: 0,
    firstSeenAt: '2026-11-20T06:00:00.000Z',
    lastSeenAt: '2026-11-27T06:00:00.000Z',
    updatedAt: '2026-11-27T06:00:00.000Z',
    ...overrides,
  };
}

export const idleSlack = insight();
export const zoomOverlap = insight({
  id: 'i2',
  type: 'overlapping_tools',
  key: 'overlapping_tools:video',
  title: 'Zoom and Google Meet do the same job',
  explanation: '12 people hold both Zoom and Google Meet.',
  savingMinor: null,
  countedMinor: 0,
  arithmetic: null,
  savingUnavailable: 'Zoom has no price per seat',
  confidence: 'medium',
  confidenceReason: 'Sign-in dates only, not proof of use',
  applications: [ZOOM, { id: '33333333-3333-4333-8333-333333333333', name: 'Google Meet' }],
  action: { path: `/app/subscriptions/${ZOOM.id}`, text: 'Choose one tool' },
  state: 'reviewing',
});

export function list(items: Insight[], overrides: Partial<InsightList> = {}): InsightList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    currency: 'USD',
    totals: {
      openCount: 2,
      identifiedMinor: 57_600,
      byType: [
        { type: 'inactive_licenses', count: 1, savingMinor: 57_600 },
        { type: 'overlapping_tools', count: 1, savingMinor: 0 },
      ],
    },
    generatedAt: '2026-11-27T06:00:00.000Z',
    refreshAvailableAt: null,
    ...overrides,
  };
}

const ledger = {
  identifiedMinor: 57_600,
  inProgressMinor: 0,
  realizedFiscalYearMinor: 120_000,
  realizedAllTimeMinor: 240_000,
};

export function summary(overrides: Partial<InsightSummary> = {}): InsightSummary {
  return {
    currency: 'USD',
    fiscalYearStart: '2026-01-01',
    ...ledger,
    openCount: 2,
    topActions: [idleSlack, zoomOverlap],
    byType: [{ type: 'inactive_licenses', count: 1, ...ledger }],
    byOwner: [{ owner: { id: 'u1', name: 'Maya Chen' }, count: 1, ...ledger }],
    byDepartment: [{ department: 'Engineering', count: 1, ...ledger }],
    realizedByMonth: [
      { month: '2026-10', realizedMinor: 0 },
      { month: '2026-11', realizedMinor: 120_000 },
    ],
    generatedAt: '2026-11-27T06:00:00.000Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<InsightDetail> = {}): InsightDetail {
  return {
    ...idleSlack,
    evidence: [
      {
        kind: 'application',
        id: SLACK.id,
        label: 'Slack',
        figures: { 'Annual cost': '$1,440.00', Status: 'active' },
      },
      {
        kind: 'seat',
        id: 's1',
        label: 'Ana Ruiz',
        figures: { 'Last active': '2026-08-01', Source: 'usage import' },
      },
      { kind: 'seat', id: 's2', label: 'Ben Ott', figures: { 'Last active': null, Source: 'sign-in' } },
      {
        kind: 'catalog_price',
        id: 'slack',
        label: 'Slack Pro list price',
        figures: { 'List price': '$8.75' },
      },
    ],
    comments: [
      {
        id: 'c1',
        body: 'Asked IT to check.',
        author: { id: 'u1', name: 'Maya Chen' },
        createdAt: '2026-11-26T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export { session } from '@/test/fixtures';
