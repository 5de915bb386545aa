import type { AllocationTargetKind } from '@common/contracts/entities';

export const entityKeys = {
  all: ['entities'] as const,
  entities: () => ['entities', 'entities'] as const,
  brands: () => ['entities', 'brands'] as const,
  allocation: (kind: AllocationTargetKind, id: string) => ['entities', 'allocation', kind, id] as const,
  departments: () => ['entities', 'department-allocations'] as const,
};

export const allocationUrl = (kind: AllocationTargetKind, id: string) =>
  `/api/allocations/${kind}/${encodeURIComponent(id)}`;

export const brandUrl = (id: string) => `/api/brands/${encodeURIComponent(id)}`;
