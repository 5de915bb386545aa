// API keys (Scale): organization keys for scripts and integrations, each limited by its scopes.
import { z } from 'zod';
import { instant, type Wire } from './wire';

/**
 * The areas a key can be limited to, in the order the web shows them. Each gathers the API
 * reference's tags (the `tags` of its routes); routes under other tags (notifications…) need the
 * global `read` or `write` scope.
 */
export const API_AREAS = {
  applications: { label: 'Applications', tags: ['subscriptions', 'imports', 'catalog', 'settings'] },
  vendors: { label: 'Vendors', tags: ['vendors'] },
  expenses: { label: 'Expenses', tags: ['expenses', 'invoice-forwarding'] },
  renewals: { label: 'Renewals', tags: ['renewals'] },
  contracts: { label: 'Contracts', tags: ['contracts'] },
  licenses: { label: 'Licenses', tags: ['licenses'] },
  people: { label: 'People', tags: ['people'] },
  budgets: { label: 'Budgets', tags: ['budgets'] },
  reports: { label: 'Reports and exports', tags: ['reports', 'report-schedules', 'exports'] },
  analytics: {
    label: 'Analytics and insights',
    tags: ['analytics', 'dashboard', 'product-analytics', 'brand-profitability', 'insights', 'benchmarks'],
  },
  entities: { label: 'Entities and FX rates', tags: ['entities', 'fx-rates'] },
} as const satisfies Record<string, { label: string; tags: readonly string[] }>;
export type ApiArea = keyof typeof API_AREAS;
export const API_AREA_IDS = Object.keys(API_AREAS) as ApiArea[];

export type ApiAccess = 'read' | 'write';
/** `read` and `write` cover every area; `<area>:read` / `<area>:write` one. Writing implies reading. */
export type ApiScope = ApiAccess | `${ApiArea}:${ApiAccess}`;
export const API_SCOPES: ApiScope[] = [
  'read',
  'write',
  ...API_AREA_IDS.flatMap((area) => [`${area}:read`, `${area}:write`] as const),
];

/** Whether a key holding `scopes` may make a call that needs `needed`. */
export function scopesGrant(scopes: readonly string[], needed: ApiScope): boolean {
  const [area, access] = needed.includes(':') ? needed.split(':') : [null, needed];
  const held = (scope: string) => scopes.includes(scope);
  if (held('write') || held(access)) return true;
  return area !== null && (held(`${area}:write`) || (access === 'read' && held(`${area}:read`)));
}

/** Keys with any write scope act with the member role, others as viewers (server/plugins/auth.ts). */
export const hasWriteScope = (scopes: readonly string[]) =>
  scopes.some((s) => s === 'write' || s.endsWith(':write'));

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.enum(API_SCOPES as [ApiScope, ...ApiScope[]]))
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length),
  /** When it stops working; none: until revoked. Must be in the future (checked by the server). */
  expiresAt: instant.nullish(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const apiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the secret is never shown again). */
  prefix: z.string(),
  scopes: z.array(z.string()),
  expiresAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: instant.nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: instant,
});
export type ApiKey = Wire<typeof apiKeyResponse>;

/** The create answer: the only time the secret is sent. */
export const createdApiKeyResponse = apiKeyResponse.extend({ secret: z.string() });
export type CreatedApiKey = Wire<typeof createdApiKeyResponse>;
