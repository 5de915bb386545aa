import type { RenderedMail } from '../../email/templates';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "Do you still need X?" with two one-click answers. */
export function attestationMail(opts: {
  name: string;
  appName: string;
  tierName: string;
  orgName: string;
  keepUrl: string;
  releaseUrl: string;
  expiresOn: string;
}): RenderedMail {
  const subject = `Do you still need ${opts.appName}?`;
  const intro = `${opts.orgName} is reviewing who uses ${opts.appName}. You hold a ${opts.tierName} seat. Do you still need it?`;
  const note = `Each link works once, until ${opts.expiresOn}. If you do not answer, nothing changes for now.`;
  const text = [
    `Hi ${opts.name || 'there'},`,
    '',
    intro,
    '',
    `Yes, I still use it: ${opts.keepUrl}`,
    `No, release my seat: ${opts.releaseUrl}`,
    '',
    note,
    '',
    '— Stackwise',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(opts.name || 'there')},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(
    opts.keepUrl,
  )}">Yes, I still use it</a> &nbsp;·&nbsp; <a href="${escapeHtml(opts.releaseUrl)}">No, release my seat</a></p><p>${escapeHtml(
    note,
  )}</p><p>— Stackwise</p>`;
  return { subject, text, html };
}
