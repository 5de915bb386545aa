// Setting the organization's report branding (Scale): display name, colour and logo. The logo is
// a PNG or JPEG (what a PDF can embed), stored under <orgId>/report-branding/… in the file storage.
import { randomBytes } from 'node:crypto';
import type { ReportBrandingBody } from '../../../common/contracts/reports';
import { AppError, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { logoType } from '../entities';
import { getReportBranding, setReportBranding } from '../organizations';
import { LOGO_URL } from './report-branding';

const PDF_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

export async function getBranding(deps: ServiceDeps, ctx: RequestContext) {
  const branding = await getReportBranding(deps.db, ctx.orgId);
  return {
    displayName: branding.displayName ?? null,
    primaryColor: branding.primaryColor ?? null,
    logoUrl: branding.logoKey ? LOGO_URL : null,
    organizationName: ctx.org.name,
  };
}

export async function putBranding(deps: ServiceDeps, ctx: RequestContext, body: ReportBrandingBody) {
  const next = { displayName: body.displayName?.trim() || null, primaryColor: body.primaryColor ?? null };
  await deps.db.transaction(async (tx) => {
    const before = await getReportBranding(tx, ctx.orgId);
    await setReportBranding(tx, ctx.orgId, { ...before, ...next }, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'report_branding.update',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: diffChanges(
        { displayName: before.displayName ?? null, primaryColor: before.primaryColor ?? null },
        next,
      ),
    });
  });
  return getBranding(deps, ctx);
}

/** Stores a new logo; the old file goes once the organization points to the new one. */
export async function putLogo(deps: ServiceDeps, ctx: RequestContext, bytes: Buffer) {
  const type = logoType(bytes);
  if (!type || !PDF_IMAGE_TYPES.has(type.type)) {
    throw new AppError('unsupported_media_type', 'Upload the logo as a PNG or JPEG image.');
  }
  const key = `${ctx.orgId}/report-branding/logo-${randomBytes(8).toString('hex')}.${type.ext}`;
  await deps.storage.put(key, bytes, { contentType: type.type });
  const old = await deps.db.transaction(async (tx) => {
    const before = await getReportBranding(tx, ctx.orgId);
    await setReportBranding(tx, ctx.orgId, { ...before, logoKey: key }, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'report_branding.logo_upload',
      entityType: 'organization',
      entityId: ctx.orgId,
    });
    return before.logoKey ?? null;
  });
  if (old) await deps.storage.delete(old).catch(() => undefined);
  return getBranding(deps, ctx);
}

export async function deleteLogo(deps: ServiceDeps, ctx: RequestContext) {
  const old = await deps.db.transaction(async (tx) => {
    const before = await getReportBranding(tx, ctx.orgId);
    if (!before.logoKey) return null;
    await setReportBranding(tx, ctx.orgId, { ...before, logoKey: null }, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'report_branding.logo_delete',
      entityType: 'organization',
      entityId: ctx.orgId,
    });
    return before.logoKey;
  });
  if (old) await deps.storage.delete(old).catch(() => undefined);
  return getBranding(deps, ctx);
}

/** The logo's bytes and type for the screen's <img>; 404 when there is none. */
export async function getLogo(deps: ServiceDeps, ctx: RequestContext) {
  const { logoKey } = await getReportBranding(deps.db, ctx.orgId);
  const file = logoKey ? await deps.storage.get(logoKey) : null;
  if (!file) throw notFound('Logo');
  return { stream: file.stream, type: logoKey!.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}
