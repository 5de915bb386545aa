// Entities, brands and allocations (Scale, issue 19).
import { z } from 'zod';
import { currencyCode } from './organizations';
import { instant, type Wire } from './wire';

export const ALLOCATION_TARGET_KINDS = [
  'subscription',
  'contract',
  'license_pool',
  'expense',
  'budget',
] as const;
export type AllocationTargetKind = (typeof ALLOCATION_TARGET_KINDS)[number];

/**
 * `fixed`: the shares as saved (one share of 100 % is a whole allocation). `department`: shares follow
 * the departments of the people holding the application's licenses, each department mapped to an
 * entity and brand. `license_holders`: shares follow the entity and brand of those people.
 * Rules apply to applications and license pools; both are recomputed when licenses change.
 */
export const ALLOCATION_METHODS = ['fixed', 'department', 'license_holders'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

/** 100 % in basis points. */
export const FULL_SHARE_BP = 10_000;

const name = z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters');
const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();

export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter ISO country code, e.g. DE');

const entityFields = {
  name,
  legalName: optionalText(200),
  country: countryCode.nullable().optional(),
  functionalCurrency: currencyCode,
  taxId: optionalText(60),
  costCentre: optionalText(60),
  parentId: z.uuid().nullable().optional(),
};

export const createEntityBody = z.object(entityFields);
export type CreateEntityBody = z.input<typeof createEntityBody>;
export const updateEntityBody = z
  .object({
    ...entityFields,
    name: name.optional(),
    functionalCurrency: currencyCode.optional(),
    archived: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateEntityBody = z.input<typeof updateEntityBody>;

export const entityResponse = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string().nullable(),
  country: z.string().nullable(),
  functionalCurrency: z.string(),
  taxId: z.string().nullable(),
  costCentre: z.string().nullable(),
  parentId: z.string().nullable(),
  isDefault: z.boolean(),
  archived: z.boolean(),
  /** Brands owned, and allocations (applications, expenses… with a share) naming it. */
  brandCount: z.number(),
  allocationCount: z.number(),
  createdAt: instant,
});
export type EntityResponse = Wire<typeof entityResponse>;
export const entityListResponse = z.object({ items: z.array(entityResponse) });

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4F46E5')
  .transform((v) => v.toUpperCase());

const brandFields = {
  name,
  color: hexColor.optional(),
  description: optionalText(500),
  entityId: z.uuid().nullable().optional(),
};
export const createBrandBody = z.object(brandFields);
export type CreateBrandBody = z.input<typeof createBrandBody>;
export const updateBrandBody = z
  .object({ ...brandFields, name: name.optional(), archived: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateBrandBody = z.input<typeof updateBrandBody>;

export const brandResponse = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  entityId: z.string().nullable(),
  /** `/api/brands/{id}/logo` when a logo was uploaded. */
  logoUrl: z.string().nullable(),
  isDefault: z.boolean(),
  archived: z.boolean(),
  allocationCount: z.number(),
  peopleCount: z.number(),
  createdAt: instant,
});
export type BrandResponse = Wire<typeof brandResponse>;
export const brandListResponse = z.object({ items: z.array(brandResponse) });

/** DELETE of an entity or brand in use: 409 unless `reassignTo` names where its uses move. */
export const deleteEntityOrBrandQuery = z.object({ reassignTo: z.uuid().optional() });
/** The 409 body's `details`: what still uses it. */
export const usageDetails = z.object({
  uses: z.array(z.object({ kind: z.string(), count: z.number() })),
});

export const allocationShare = z.object({
  entityId: z.uuid(),
  brandId: z.uuid(),
  /** Percent with up to two decimals (60, 33.33). */
  percent: z.number().gt(0, 'A share must be above 0 %').max(100, 'A share is at most 100 %'),
});

export const putAllocationBody = z
  .object({
    method: z.enum(ALLOCATION_METHODS).default('fixed'),
    /** Fixed method: the shares, summing to 100 %. Rules ignore them. */
    shares: z.array(allocationShare).max(50).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'fixed') return;
    if (v.shares.length === 0)
      ctx.addIssue({ code: 'custom', path: ['shares'], message: 'Add at least one share' });
    const bp = v.shares.reduce((sum, s) => sum + Math.round(s.percent * 100), 0);
    if (v.shares.length > 0 && bp !== FULL_SHARE_BP)
      ctx.addIssue({
        code: 'custom',
        path: ['shares'],
        message: `Shares must add up to 100 % (they add up to ${bp / 100} %)`,
      });
    const keys = new Set(v.shares.map((s) => `${s.entityId}/${s.brandId}`));
    if (keys.size !== v.shares.length)
      ctx.addIssue({
        code: 'custom',
        path: ['shares'],
        message: 'Each entity and brand pair may appear once',
      });
  });
export type PutAllocationBody = z.input<typeof putAllocationBody>;

export const allocationParams = z.object({ kind: z.enum(ALLOCATION_TARGET_KINDS), id: z.uuid() });

export const allocationResponse = z.object({
  targetKind: z.enum(ALLOCATION_TARGET_KINDS),
  targetId: z.string(),
  method: z.enum(ALLOCATION_METHODS),
  /** False when nothing was saved: wholly the default entity and brand. */
  explicit: z.boolean(),
  shares: z.array(
    z.object({
      entityId: z.string(),
      entityName: z.string(),
      brandId: z.string(),
      brandName: z.string(),
      brandColor: z.string(),
      basisPoints: z.number(),
      percent: z.number(),
    }),
  ),
});
export type AllocationResponse = Wire<typeof allocationResponse>;

/** The entity/brand filter every list and summary takes (URL state `entity`, `brand`). */
export const allocationFilterQuery = z.object({
  entityId: z.uuid().optional(),
  brandId: z.uuid().optional(),
});
export type AllocationFilter = z.infer<typeof allocationFilterQuery>;

export const departmentAllocationsBody = z.object({
  items: z
    .array(z.object({ department: z.string().trim().min(1).max(100), entityId: z.uuid(), brandId: z.uuid() }))
    .max(500),
});
