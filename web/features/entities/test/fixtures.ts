import type { AllocationResponse, BrandResponse, EntityResponse } from '@common/contracts/entities';

export const DEFAULT_ENTITY = '11111111-1111-4111-8111-111111111111';
export const GMBH = '22222222-2222-4222-8222-222222222222';
export const DEFAULT_BRAND = '33333333-3333-4333-8333-333333333333';
export const OUTDOOR = '44444444-4444-4444-8444-444444444444';
export const KIDS = '55555555-5555-4555-8555-555555555555';
export const APP_ID = '66666666-6666-4666-8666-666666666666';

export function entity(overrides: Partial<EntityResponse> = {}): EntityResponse {
  return {
    id: DEFAULT_ENTITY,
    name: 'Northwind Labs',
    legalName: 'Northwind Labs Inc.',
    country: 'US',
    functionalCurrency: 'USD',
    taxId: null,
    costCentre: null,
    parentId: null,
    isDefault: true,
    archived: false,
    brandCount: 1,
    allocationCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const gmbh = (overrides: Partial<EntityResponse> = {}) =>
  entity({
    id: GMBH,
    name: 'Northwind GmbH',
    legalName: 'Northwind Labs GmbH',
    country: 'DE',
    functionalCurrency: 'EUR',
    taxId: 'DE123456789',
    costCentre: 'CC-200',
    parentId: DEFAULT_ENTITY,
    isDefault: false,
    allocationCount: 3,
    ...overrides,
  });

export function brand(overrides: Partial<BrandResponse> = {}): BrandResponse {
  return {
    id: DEFAULT_BRAND,
    name: 'Northwind',
    color: '#4F46E5',
    description: null,
    entityId: DEFAULT_ENTITY,
    logoUrl: null,
    isDefault: true,
    archived: false,
    allocationCount: 0,
    peopleCount: 12,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const outdoor = (overrides: Partial<BrandResponse> = {}) =>
  brand({ id: OUTDOOR, name: 'Outdoor', color: '#10B981', isDefault: false, entityId: GMBH, ...overrides });
export const kids = (overrides: Partial<BrandResponse> = {}) =>
  brand({ id: KIDS, name: 'Kids', color: '#F59E0B', isDefault: false, entityId: GMBH, ...overrides });

/** Nothing saved: wholly the default entity and brand. */
export function defaultAllocation(overrides: Partial<AllocationResponse> = {}): AllocationResponse {
  return {
    targetKind: 'subscription',
    targetId: APP_ID,
    method: 'fixed',
    explicit: false,
    shares: [
      {
        entityId: DEFAULT_ENTITY,
        entityName: 'Northwind Labs',
        brandId: DEFAULT_BRAND,
        brandName: 'Northwind',
        brandColor: '#4F46E5',
        basisPoints: 10_000,
        percent: 100,
      },
    ],
    ...overrides,
  };
}
