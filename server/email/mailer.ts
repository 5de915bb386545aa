import { and, eq, lte, or, isNull } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox, type MailAttachment } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { FileStorage } from '../lib/storage';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string | null;
  /** Files already in the file storage: the outbox keeps their keys, so a retry still attaches them. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Whether mail leaves the server (SMTP_URL set); without it, messages only reach the log. */
  readonly configured: boolean;
  /** Records the message in the outbox and delivers it (or only logs it when no SMTP_URL is set). */
  send(message: MailMessage): Promise<void>;
  /** Re-sends failed messages whose back-off has passed; answers how many were attempted. */
  retryFailed(): Promise<number>;
  close(): void;
}

interface MailerOptions {
  db: Db;
  smtpUrl?: string;
  from: string;
  logger: FastifyBaseLogger;
  clock: Clock;
  /** Where attachments are read from when a message is delivered. */
  storage?: FileStorage;
}

const MAX_ATTEMPTS = 5;
/** How long a retry claimed by one server is left to it before another may try again. */
const RETRY_LEASE_MS = 10 * 60_000;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 3_600_000);

export function createMailer({ db, smtpUrl, from, logger, clock, storage }: MailerOptions): Mailer {
  // nodemailer and its SMTP stack load with the first message sent, not at server start.
  let transport: Promise<Transporter> | null = null;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  /** Reads each attachment's bytes; a missing file fails the attempt, so the retry tries again. */
  async function readAttachments(list: MailAttachment[] | null) {
    if (!list || list.length === 0) return undefined;
    if (!storage) throw new Error('The mailer has no file storage to read attachments from');
    return Promise.all(
      list.map(async (a) => {
        const file = await storage.get(a.storageKey);
        if (!file) throw new Error(`Attachment ${a.filename} is missing from the file storage`);
        const chunks: Buffer[] = [];
        for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
        return { filename: a.filename, contentType: a.contentType, content: Buffer.concat(chunks) };
      }),
    );
  }

  async function deliver(row: typeof outbox.$inferSelect): Promise<void> {
    if (!smtpUrl) {
      logger.info({ mail: { to: row.to, subject: row.subject } }, `E-mail (no SMTP_URL set):\n${row.text}`);
      await db.update(outbox).set({ status: 'logged', attempts: 1 }).where(eq(outbox.id, row.id));
      return;
    }
    const attempts = row.attempts + 1;
    try {
      await (
        await smtp(smtpUrl)
      ).sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: await readAttachments(row.attachments),
      });
      await db
        .update(outbox)
        .set({ status: 'sent', attempts, sentAt: clock.now(), error: null, nextAttemptAt: null })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: message, to: row.to }, 'E-mail delivery failed');
      await db
        .update(outbox)
        .set({
          status: 'failed',
          attempts,
          error: message.slice(0, 1000),
          nextAttemptAt:
            attempts >= MAX_ATTEMPTS ? null : new Date(clock.now().getTime() + backoffMs(attempts)),
        })
        .where(eq(outbox.id, row.id));
    }
  }

  return {
    configured: Boolean(smtpUrl),
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.length ? message.attachments : null,
          organizationId: message.organizationId ?? null,
        })
        .returning();
      await deliver(row);
    },
    async retryFailed() {
      const due = await db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'failed'),
            lte(outbox.attempts, MAX_ATTEMPTS - 1),
            or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, clock.now())),
          ),
        )
        .limit(50);
      let attempted = 0;
      for (const row of due) {
        // Several servers retry: only the one whose update still finds the row as read sends it.
        const [claimed] = await db
          .update(outbox)
          .set({ nextAttemptAt: new Date(clock.now().getTime() + RETRY_LEASE_MS) })
          .where(
            and(
              eq(outbox.id, row.id),
              eq(outbox.status, 'failed'),
              eq(outbox.attempts, row.attempts),
              row.nextAttemptAt ? eq(outbox.nextAttemptAt, row.nextAttemptAt) : isNull(outbox.nextAttemptAt),
            ),
          )
          .returning({ id: outbox.id });
        if (!claimed) continue;
        await deliver(row);
        attempted += 1;
      }
      return attempted;
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
