// Shared by the intake's tests: an organization with its forwarding address, reading what was stored.
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { inboundMessages } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import type { TestServer } from '../../test/test-server';

export async function orgWithAddress(server: TestServer) {
  const owner = await buildOrgOwner(server.app);
  const settings = await api(server.app, owner.cookie).get('/api/invoice-forwarding');
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.statusCode} ${settings.body}`);
  return { ...owner, address: settings.json().address as string };
}

export async function storedMessages(server: TestServer, orgId: string) {
  return server.database.db.select().from(inboundMessages).where(eq(inboundMessages.organizationId, orgId));
}

export async function readStored(server: TestServer, key: string): Promise<string | null> {
  const file = await server.app.deps.storage.get(key);
  return file ? text(file.stream) : null;
}

/** A small RFC 5322 message. */
export function mime(options: {
  to: string;
  messageId?: string;
  subject?: string;
  from?: string;
  extra?: string;
}) {
  return Buffer.from(
    [
      `From: ${options.from ?? 'Billing <billing@atlassian.com>'}`,
      `To: ${options.to}`,
      `Subject: ${options.subject ?? 'Your Atlassian invoice AT-1001'}`,
      `Message-ID: <${options.messageId ?? `${Math.random().toString(36).slice(2)}@atlassian.com`}>`,
      'Date: Tue, 03 Nov 2026 09:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      ...(options.extra ? [options.extra] : []),
      '',
      'Invoice AT-1001. Total: USD 120.00',
      '',
    ].join('\r\n'),
  );
}

/** Sends one raw message to the SMTP receiver on `port` with the given envelope. */
export async function sendRawMail(port: number, envelope: { from: string; to: string }, raw: Buffer) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw });
  } finally {
    transport.close();
  }
}
