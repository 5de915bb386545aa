// Test helpers for renewals, contracts and alerts: members with roles, plans, multipart uploads
// and a local HTTP receiver for Slack and webhook deliveries.

import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { PlanId } from '../../common/plans';
import type { Role } from '../../common/roles';
import type { DbOrTx } from '../db/client';
import { memberships, organizations, users } from '../db/schema';
import type { App } from '../types';
import { registerUser, type TestUser } from './factories';

/** Sets an organization's paid plan directly (no checkout in tests). */
export async function setOrgPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}

/** A registered user who joined `orgId` with `role` (inserted directly; onboarding done). */
export async function addOrgMember(app: App, db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
  const user = await registerUser(app);
  await db.insert(memberships).values({ organizationId: orgId, userId: user.id, role });
  await db.update(users).set({ onboardingPhase: 'completed' }).where(eq(users.id, user.id));
  return user;
}

/** A multipart/form-data body with one file field. */
export function multipart(
  fileName: string,
  content: Buffer,
  contentType = 'application/octet-stream',
  field = 'file',
) {
  const boundary = `----stackwise${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records requests and answers with the queued statuses (then 200). */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'error');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next requests get these statuses, in order. */
    respondWith: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
