// Plain-text first e-mails with a minimal HTML twin; every link is absolute (APP_URL).

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A message with a greeting, paragraphs and one call-to-action link. */
export function actionMail(opts: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  actionText: string;
  actionUrl: string;
  /** Further links after the call to action (e.g. a renewal's negotiation pack). */
  links?: Array<{ text: string; url: string }>;
  footer?: string;
}): RenderedMail {
  const links = opts.links ?? [];
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    `${opts.actionText}: ${opts.actionUrl}`,
    ...links.map((link) => `${link.text}: ${link.url}`),
    '',
    opts.footer ?? '— Stackwise',
  ].join('\n');
  const html = `<p>${escapeHtml(opts.greeting)}</p>${opts.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p><a href="${escapeHtml(opts.actionUrl)}">${escapeHtml(opts.actionText)}</a></p>${links
    .map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`)
    .join('')}<p>${escapeHtml(opts.footer ?? '— Stackwise')}</p>`;
  return { subject: opts.subject, text, html };
}

export function passwordResetMail(name: string, url: string): RenderedMail {
  return actionMail({
    subject: 'Reset your Stackwise password',
    greeting: `Hi ${name || 'there'},`,
    paragraphs: [
      'Someone asked to reset the password of your Stackwise account. The link below works once and expires in 1 hour.',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    actionText: 'Choose a new password',
    actionUrl: url,
  });
}

export function invitationMail(opts: {
  inviterName: string;
  organizationName: string;
  roleLabel: string;
  inviteeName: string;
  url: string;
}): RenderedMail {
  return actionMail({
    subject: `${opts.inviterName} invited you to join ${opts.organizationName} on Stackwise`,
    greeting: `Hi ${opts.inviteeName || 'there'},`,
    paragraphs: [
      `${opts.inviterName} invited you to join ${opts.organizationName} on Stackwise as ${opts.roleLabel.toLowerCase() === 'admin' ? 'an' : 'a'} ${opts.roleLabel.toLowerCase()}. Stackwise keeps track of the software your team pays for: costs, licenses, renewals and budgets.`,
      'The link below works once and expires in 7 days. If you do not have a Stackwise account yet, you can create one with this e-mail address.',
      'If you were not expecting this invitation, you can ignore this e-mail.',
    ],
    actionText: 'Accept the invitation',
    actionUrl: opts.url,
  });
}
