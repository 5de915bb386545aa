// SCIM 2.0 provisioning (Scale): the organization's bearer token (settings API), and the shapes of
// the SCIM resources served under /scim/v2 (RFC 7643) that identity providers read.
import { z } from 'zod';
import { instant, type Wire } from './wire';

/** The organization's SCIM token as the settings page shows it: never the secret itself. */
export const scimTokenStatusResponse = z.object({
  exists: z.boolean(),
  /** The first characters of the token, to recognise it in the identity provider. */
  prefix: z.string().nullable(),
  createdAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  /** What the identity provider calls: `${APP_URL}/scim/v2`. */
  baseUrl: z.string(),
});
export type ScimTokenStatus = Wire<typeof scimTokenStatusResponse>;

/** A new token: the secret appears in this response only. */
export const scimTokenCreatedResponse = scimTokenStatusResponse.extend({ token: z.string() });
export type ScimTokenCreated = Wire<typeof scimTokenCreatedResponse>;

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** Most resources one list page returns (ServiceProviderConfig filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

const meta = z.object({
  resourceType: z.string(),
  created: instant,
  lastModified: instant,
  location: z.string(),
});

export const scimUserResource = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  title: z.string().optional(),
  active: z.boolean(),
  [SCIM_SCHEMAS.enterpriseUser]: z
    .object({
      department: z.string().optional(),
      manager: z.object({ value: z.string(), displayName: z.string().optional() }).optional(),
    })
    .optional(),
  meta,
});

export const scimGroupResource = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  displayName: z.string(),
  members: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string() })).optional(),
  meta,
});

export const scimListResponse = <T extends z.ZodType>(resource: T) =>
  z.object({
    schemas: z.array(z.string()),
    totalResults: z.number(),
    startIndex: z.number(),
    itemsPerPage: z.number(),
    Resources: z.array(resource),
  });

/** List paging (RFC 7644 §3.4.2.4): 1-based startIndex; count capped at the maximum. */
export const scimListQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.max(1, n))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .catch(100)
    .transform((n) => Math.min(Math.max(0, n), SCIM_MAX_RESULTS))
    .default(100),
  excludedAttributes: z.string().optional(),
});
