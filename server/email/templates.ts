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
  footer?: string;
}): RenderedMail {
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    `${opts.actionText}: ${opts.actionUrl}`,
    '',
    opts.footer ?? '— Stackwise',
  ].join('\n');
  const html = `<p>${escapeHtml(opts.greeting)}</p>${opts.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(opts.actionUrl)}">${escapeHtml(opts.actionText)}</a></p><p>${escapeHtml(
    opts.footer ?? '— Stackwise',
  )}</p>`;
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
