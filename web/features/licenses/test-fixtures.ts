import type {
  ApplicationLicenses,
  LicensePool,
  LicensesOverview,
  PoolDetail,
  UtilisationView,
} from '@common/contracts/licenses';
import type { Person, PersonLicense } from '@common/contracts/people';

// Response bodies for the people and licenses screens' tests.

export function utilisation(overrides: Partial<UtilisationView> = {}): UtilisationView {
  return {
    purchased: 10,
    assigned: 6,
    unassigned: 4,
    active: 4,
    inactive: 2,
    utilisationPct: 40,
    overAssigned: false,
    overAssignedBy: 0,
    yearlyCostMinor: 120_000,
    wastedSeats: 6,
    wasteYearlyMinor: 72_000,
    ...overrides,
  };
}

export function pool(overrides: Partial<LicensePool> = {}): LicensePool {
  return {
    id: 'pool-slack',
    subscriptionId: 'app-slack',
    subscriptionName: 'Slack',
    ownerUserId: null,
    tierName: 'Pro',
    seats: 10,
    unitPriceMinor: 1_000,
    billingCycle: 'monthly',
    intervalMonths: null,
    currency: 'USD',
    seatsSource: null,
    seatsSyncedAt: null,
    notes: null,
    seatYearlyCostMinor: 12_000,
    utilisation: utilisation(),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function application(
  p: LicensePool,
  overrides: Partial<ApplicationLicenses> = {},
): ApplicationLicenses {
  return {
    subscriptionId: p.subscriptionId,
    name: p.subscriptionName,
    category: null,
    currency: p.currency,
    ownerUserId: null,
    hasUsageData: true,
    usageSource: 'csv',
    lastActivityAt: '2026-01-01T00:00:00.000Z',
    activeUsers: p.utilisation.active,
    utilisation: p.utilisation,
    overAssignedPools: p.utilisation.overAssigned
      ? [{ poolId: p.id, tierName: p.tierName, seats: p.seats, assigned: p.utilisation.assigned }]
      : [],
    pools: [p],
    ...overrides,
  };
}

export function overview(applications: ApplicationLicenses[]): LicensesOverview {
  return {
    inactivityDays: 30,
    applications,
    totals: {
      pools: applications.reduce((n, a) => n + a.pools.length, 0),
      purchased: 20,
      assigned: 12,
      active: 8,
      wasteYearly: [{ currency: 'USD', amountMinor: 144_000 }],
    },
  };
}

export function license(overrides: Partial<PersonLicense> = {}): PersonLicense {
  return {
    id: 'seat-1',
    poolId: 'pool-slack',
    subscriptionId: 'app-slack',
    subscriptionName: 'Slack',
    tierName: 'Pro',
    assignedAt: '2026-01-01T00:00:00.000Z',
    lastActiveAt: null,
    source: 'manual',
    active: false,
    yearlyCostMinor: 12_000,
    currency: 'USD',
    ...overrides,
  };
}

export function person(overrides: Partial<Person> = {}): Person {
  return {
    id: 'p-ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Ada Lovelace',
    department: 'Engineering',
    team: 'Platform',
    title: 'Engineer',
    managerId: null,
    managerName: null,
    entityId: null,
    entityName: null,
    brandId: null,
    brandName: null,
    status: 'active',
    startDate: '2024-02-01',
    endDate: null,
    source: 'manual',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    licenses: [],
    yearlyCosts: [],
    ...overrides,
  };
}

export function poolDetail(p: LicensePool, assignments: PoolDetail['assignments']): PoolDetail {
  return { ...p, inactivityDays: 30, assignments, history: [] };
}
