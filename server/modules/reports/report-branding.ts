// Whose name, colour and logo a report carries: the organization's own on Scale when it set them
// (feature 'brandedReports'), else Stackwise's colour. Only plans without branded reports (Growth)
// carry the "Made with Stackwise" mark: a Scale report that set no branding of its own still does not.
import { REPORT_BRAND_COLOR, type ReportDocument } from '../../../common/contracts/reports';
import { canUseFeature } from '../../../common/plans';
import type { RequestContext, ServiceDeps } from '../../types';
import { getReportBranding, viewPlanOf } from '../organizations';

export const LOGO_URL = '/api/reports/branding/logo';

export type ResolvedBranding = ReportDocument['branding'] & { logoKey: string | null };

export function brandedReportsAllowed(deps: ServiceDeps, ctx: Pick<RequestContext, 'org'>): boolean {
  return canUseFeature(viewPlanOf(ctx.org, deps.clock.now()), 'brandedReports');
}

export async function resolveBranding(deps: ServiceDeps, ctx: RequestContext): Promise<ResolvedBranding> {
  const stackwise: ResolvedBranding = {
    name: ctx.org.name,
    primaryColor: REPORT_BRAND_COLOR,
    logoUrl: null,
    logoKey: null,
    stackwise: true,
  };
  if (!brandedReportsAllowed(deps, ctx)) return stackwise;
  // Read fresh: a scheduled delivery's context may carry an organization row read long before.
  const own = await getReportBranding(deps.db, ctx.orgId);
  const hasAny = Boolean(own.displayName?.trim() || own.primaryColor || own.logoKey);
  if (!hasAny) return { ...stackwise, stackwise: false };
  return {
    name: own.displayName?.trim() || ctx.org.name,
    primaryColor: own.primaryColor ?? REPORT_BRAND_COLOR,
    logoUrl: own.logoKey ? LOGO_URL : null,
    logoKey: own.logoKey ?? null,
    stackwise: false,
  };
}

/** The logo's bytes for the PDF, or null (none, or gone from the storage). */
export async function readLogo(deps: ServiceDeps, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const file = await deps.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
