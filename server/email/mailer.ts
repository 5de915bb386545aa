import { and, eq, lte, or, isNull } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Clock } from '../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string | null;
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
}

const MAX_ATTEMPTS = 5;
/** How long a retry claimed by one server is left to it before another may try again. */
const RETRY_LEASE_MS = 10 * 60_000;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 3_600_000);

export function createMailer({ db, smtpUrl, from, logger, clock }: MailerOptions): Mailer {
  // nodemailer and its SMTP stack load with the first message sent, not at server start.
  let transport: Promise<Transporter> | null = null;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  async function deliver(row: typeof outbox.$inferSelect): Promise<void> {
    if (!smtpUrl) {
      logger.info({ mail: { to: row.to, subject: row.subject } }, `E-mail (no SMTP_URL set):\n${row.text}`);
      await db.update(outbox).set({ status: 'logged', attempts: 1 }).where(eq(outbox.id, row.id));
      return;
    }
    const attempts = row.attempts + 1;
    try {
      await (await smtp(smtpUrl)).sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
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
