import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { describe, expect, inject, it } from 'vitest';
import { signedInAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

/** Sends a message to the shared server's SMTP receiver, as the vendor's mail server would. */
async function sendByMail(to: string, message: { from: string; subject: string; text: string }) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inject('inboundSmtpPort'),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ ...message, to });
  } finally {
    transport.close();
  }
}

describe('invoice forwarding', () => {
  const browser = useBrowser();

  it('mails an invoice to the address, reviews it in the inbox, accepts it: application and expense', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request, { organizationName: 'Forward & Co', currency: 'USD' });

    await page.goto('/app/settings/invoice-forwarding');
    const address = (await page.getByLabel('Forwarding address').textContent())!.trim();
    expect(address).toMatch(/^invoices\+[a-z0-9]{20,}@inbound\./);
    await page.getByText('Waiting for the first message').waitFor();

    // A small studio's receipt: not in the catalogue, so a person confirms who the vendor is.
    await sendByMail(address, {
      from: 'Quillwright Studio <accounts@quillwright.example>',
      subject: 'Receipt QW-2026-118',
      text: [
        'Quillwright Studio',
        'Receipt QW-2026-118',
        'Date: November 2, 2026',
        'Service period: Nov 2, 2026 - Dec 1, 2026',
        '',
        'Quillwright Team plan (monthly)      $45.00',
        'Total paid                           $45.00',
        '',
        'Paid with Visa ending in 4242',
      ].join('\n'),
    });

    // Processing runs in the background: wait until the message has been read.
    await expect
      .poll(
        async () => {
          const inbox = await context.request.get('/api/invoice-forwarding/messages');
          const body = (await inbox.json()) as { messages: Array<{ state: string }> };
          return body.messages[0]?.state ?? 'none';
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('needs_review');
    await page.goto('/app/expenses?tab=invoices');
    const row = page.getByTestId('inbox-row').filter({ hasText: 'Receipt QW-2026-118' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Receipt QW-2026-118' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('QW-2026-118').first().waitFor();
    const vendor = dialog.getByLabel('Vendor');
    if ((await vendor.inputValue()) !== 'Quillwright Studio') await vendor.fill('Quillwright Studio');
    if (await dialog.getByRole('button', { name: 'Accept' }).isVisible()) {
      await dialog.getByRole('button', { name: 'Accept' }).click();
    }
    await dialog.getByRole('link', { name: 'Quillwright Studio' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'invoice-inbox.png'), fullPage: true });

    await page.goto('/app/subscriptions');
    await page.getByRole('link', { name: 'Quillwright Studio' }).first().waitFor();
    await page.goto('/app/expenses');
    await page
      .getByRole('row')
      .filter({ hasText: 'Quillwright Studio' })
      .filter({ hasText: '$45.00' })
      .waitFor();
    expect(browser.pageErrors).toEqual([]);
  });
});
