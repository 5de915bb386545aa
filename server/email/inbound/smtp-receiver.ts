// The built-in SMTP receiver for forwarded invoices (issue 18): mail to invoices+<token>@
// INBOUND_DOMAIN is accepted only for live tokens (550 at RCPT time otherwise), up to 25 MB, within
// each organization's hourly rate, and stored before it is processed. A message streams to the file
// storage as it arrives (stageMessage): a connection holds its first 256 KB, never 25 MB, and at
// most MAX_RECEIVING messages are taken in at once (the others wait, their senders held by TCP).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { INBOUND_MAX_BYTES } from '../../../common/contracts/invoice-forwarding';
import type { Env } from '../../env';
import { errorClass } from '../../lib/queue/job-queue';
import {
  organizationOfAddress,
  overRate,
  receiveStagedMessage,
  stageMessage,
  type Refusal,
} from '../../modules/invoice-forwarding';
import type { ServiceDeps } from '../../types';

export interface SmtpReceiverOptions {
  port: number;
  host?: string;
  /** PEM key and certificate: STARTTLS is offered only with them. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

/** An SMTP reply: smtp-server answers with the error's responseCode and message. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const REFUSAL_CODES: Record<Refusal, number> = {
  unknown_recipient: 550,
  rate_limited: 452, // "Insufficient system storage": the sending server keeps it and retries.
  too_large: 552,
  empty: 554,
};

/** Connections open at once (smtp-server refuses more with 421). */
const MAX_CLIENTS = 100;
/** Messages being written to the storage at once; the DATA of others waits its turn. */
export const MAX_RECEIVING = 8;

/** A counting semaphore: at most `limit` holders, the others queued in order. */
function slots(limit: number) {
  let free = limit;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return () => {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}

export async function startSmtpReceiver(
  deps: ServiceDeps,
  options: SmtpReceiverOptions,
): Promise<SmtpReceiver> {
  const receiving = slots(MAX_RECEIVING);
  const config: SMTPServerOptions = {
    name: deps.env.INBOUND_DOMAIN,
    banner: 'Stackwise invoice forwarding',
    logger: false,
    authOptional: true,
    // No accounts here: nobody logs in to relay. STARTTLS only with a configured certificate
    // (smtp-server would otherwise offer its built-in self-signed one).
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    maxClients: MAX_CLIENTS,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    onRcptTo(address, _session, callback) {
      organizationOfAddress(deps, address.address)
        .then(async (orgId) => {
          if (!orgId) return callback(smtpError(550, 'No such mailbox'));
          if (await overRate(deps, orgId)) {
            return callback(smtpError(452, 'Too many messages for this mailbox, try again later'));
          }
          callback();
        })
        .catch((error: unknown) => {
          deps.log.error({ err: errorClass(error) }, 'SMTP receiver: recipient check failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      void (async () => {
        const release = await receiving.acquire();
        try {
          const staged = await stageMessage(deps, stream);
          const result = await receiveStagedMessage(
            deps,
            { transport: 'smtp', recipients: session.envelope.rcptTo.map((r) => r.address) },
            staged,
          );
          if (result.ok) return callback(null, 'Message accepted');
          if (result.refusal === 'too_large') {
            return callback(smtpError(552, 'Message exceeds the 25 MB size limit'));
          }
          callback(smtpError(REFUSAL_CODES[result.refusal], result.message));
        } catch (error) {
          deps.log.error({ err: errorClass(error) }, 'SMTP receiver: storing a message failed');
          // smtp-server answers only once the DATA stream has ended.
          stream.resume();
          if (!stream.readableEnded) await new Promise((resolve) => stream.once('end', resolve));
          callback(smtpError(451, 'Temporary failure, try again later'));
        } finally {
          release();
        }
      })();
    },
  };
  const server = new SMTPServer(config);
  server.on('error', (error) => deps.log.warn({ err: errorClass(error) }, 'SMTP receiver connection error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's options from the environment, or null when INBOUND_SMTP_PORT is unset. */
export function smtpReceiverOptions(env: Env): SmtpReceiverOptions | null {
  if (env.INBOUND_SMTP_PORT === undefined) return null;
  return {
    port: env.INBOUND_SMTP_PORT,
    host: env.INBOUND_SMTP_HOST,
    tls:
      env.INBOUND_TLS_KEY && env.INBOUND_TLS_CERT
        ? { key: readFileSync(env.INBOUND_TLS_KEY), cert: readFileSync(env.INBOUND_TLS_CERT) }
        : undefined,
  };
}
