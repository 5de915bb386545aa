import { apiRequest, isStatus } from '@/lib/api-client';

export type CreateApplicationsResult = { created: number; unavailable: boolean; failed: string[] };

/**
 * POST /api/subscriptions {name} for each name typed during onboarding. A 404 means this server
 * has no applications endpoint yet: creation is skipped rather than blocking the user.
 */
export async function createFirstApplications(
  names: string[],
  catalogSlugs: Record<string, string> = {},
): Promise<CreateApplicationsResult> {
  const result: CreateApplicationsResult = { created: 0, unavailable: false, failed: [] };
  for (const name of names) {
    try {
      // Picked from the catalogue: the server pre-fills vendor, category, logo and list price.
      const slug = catalogSlugs[name];
      await apiRequest('POST', '/api/subscriptions', slug ? { name, catalogSlug: slug } : { name });
      result.created += 1;
    } catch (error) {
      if (isStatus(error, 404)) return { ...result, unavailable: true };
      result.failed.push(name);
    }
  }
  return result;
}
