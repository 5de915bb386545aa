// Decompression bombs (issue 30): a PDF or XLSX that inflates to hundreds of megabytes fails with a
// reason, and the server keeps answering while it is read — the reading happens in a worker thread.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inboundMessages } from './db/schema';
import { pdfBomb, xlsxBomb } from './test/document-bombs';
import { api, buildOrgOwner } from './test/factories';
import { getTestServer, type TestServer } from './test/test-server';

const SECRET = 'inbound-secret-0123456789';
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await getTestServer({ env: { INBOUND_HTTP_SECRET: SECRET } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // The reader thread and the invoice reader load with the first message; the bombs are timed, not that.
  await settled((await forward(pdfBomb(1))).orgId);
}, 120_000);
afterAll(() => server.close());

/** Runs `work` while asking GET /healthz over and over: the longest wait for an answer, the RSS growth. */
async function whileAnswering<T>(work: () => Promise<T>) {
  let done = false;
  let longestGapMs = 0;
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const loop = (async () => {
    let last = performance.now();
    while (!done) {
      const response = await fetch(`${base}/healthz`);
      expect(response.status).toBe(200);
      await response.text();
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      peak = Math.max(peak, process.memoryUsage.rss());
    }
  })();
  try {
    return { result: await work(), longestGapMs, growthMb: (peak - baseline) / 2 ** 20 };
  } finally {
    done = true;
    await loop;
  }
}

async function orgWithAddress() {
  const owner = await buildOrgOwner(server.app);
  const settings = await api(server.app, owner.cookie).get('/api/invoice-forwarding');
  return { ...owner, address: settings.json().address as string };
}

const storedMessages = (orgId: string) =>
  server.database.db.select().from(inboundMessages).where(eq(inboundMessages.organizationId, orgId));

/** The forwarded message once its job has read it (polled: draining the queue polls it far harder). */
async function settled(orgId: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const [message] = await storedMessages(orgId);
    if (message.state !== 'received') return message;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The message was not read within a minute');
}

function mailWithPdf(to: string, pdf: Buffer): Buffer {
  const boundary = 'b0undary';
  return Buffer.from(
    [
      'From: Billing <billing@vendor.example>',
      `To: ${to}`,
      'Subject: Your statement',
      `Message-ID: <${Math.random().toString(36).slice(2)}@vendor.example>`,
      'Date: Tue, 03 Nov 2026 09:00:00 +0000',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please find attached.',
      `--${boundary}`,
      'Content-Type: application/pdf; name="statement.pdf"',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="statement.pdf"',
      '',
      pdf.toString('base64').replace(/.{76}/g, '$&\r\n'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

async function forward(pdf: Buffer) {
  const org = await orgWithAddress();
  const response = await fetch(`${base}/api/inbound/raw`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
    body: new Uint8Array(mailWithPdf(org.address, pdf)),
  });
  expect(response.status).toBe(200);
  return org;
}

describe('a PDF bomb forwarded as an invoice', () => {
  it('fails the message with the reason when its content inflates past the budget (100 MB)', async () => {
    const org = await forward(pdfBomb(100));
    const { result: message, longestGapMs } = await whileAnswering(() => settled(org.orgId));
    expect(message).toMatchObject({
      state: 'failed',
      reason: 'The PDF is too large to read (over 64 MB of content once inflated)',
    });
    expect(longestGapMs).toBeLessThan(1000);
  });

  it('stops one that hides its stream from that check at the time limit, answering all along (400 MB)', async () => {
    const org = await forward(pdfBomb(400, { ascii85: true }));
    const { result: message, longestGapMs, growthMb } = await whileAnswering(() => settled(org.orgId));
    expect(message.state).toBe('failed');
    expect(message.reason).toMatch(/^The PDF (took too long to read \(over 15 seconds\)|is too large to read)/);
    expect(message.attempts).toBe(1);
    expect(longestGapMs).toBeLessThan(1000);
    expect(growthMb).toBeLessThan(1024);
  });
});

describe('an XLSX zip bomb uploaded for import', () => {
  const preview = async (file: Buffer) => {
    const owner = await buildOrgOwner(server.app);
    return whileAnswering(() =>
      api(server.app, owner.cookie).post('/api/subscriptions/import/preview', {
        file: file.toString('base64'),
      }),
    );
  };

  it('is refused with 413 by what its ZIP declares (200 MB)', async () => {
    const { result, longestGapMs } = await preview(xlsxBomb(200));
    expect(result.statusCode).toBe(413);
    expect(result.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The spreadsheet is too large to read (over 100 MB unzipped).',
    });
    expect(longestGapMs).toBeLessThan(1000);
  });

  it('is refused with 413 when its ZIP declares a small sheet that unzips to 200 MB', async () => {
    const { result, longestGapMs } = await preview(xlsxBomb(200, { lie: true }));
    expect(result.statusCode).toBe(413);
    expect(result.json().message).toBe('The spreadsheet is too large to read (over 100 MB unzipped).');
    expect(longestGapMs).toBeLessThan(1000);
  });

  it('is refused past the character budget (a 3 MB cell)', async () => {
    const { result } = await preview(xlsxBomb(3));
    expect(result.statusCode).toBe(413);
    expect(result.json().message).toBe('The spreadsheet is too large to read (over 2,000,000 characters).');
  });
});
