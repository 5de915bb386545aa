import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import type { SmtpReceiver } from './email/inbound/smtp-receiver';
import { parseEnv } from './env';
import { createSecretBox } from './lib/crypto/secret-box';
import { sealStoredSecrets, StoredSecretsError } from './lib/crypto/stored-secrets';
import { describeDatabase } from './lib/logger';
import { installProcessErrorHandlers } from './lib/process-errors';

// Boot: parse env → open the database → migrate → seal stored secrets → serve web + API, run the job queue's workers
// (event handlers, retries) and, when enabled, the planner of daily work.
const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
await database.migrate();
// Secrets at rest: refuses to start when stored secrets cannot be read; seals plain or old-key ones.
const sealed = await sealStoredSecrets(database, createSecretBox(env.secretKeys)).catch((error: unknown) => {
  if (!(error instanceof StoredSecretsError)) throw error;
  console.error(`Stackwise cannot start: ${error.message}`);
  process.exit(1);
});
const app = await buildApp({ env, database });
// From here on no error of a request, job, relay, planner pass or mail session stops the process:
// it is logged and counted (/readyz). A failure to start is still fatal (below).
installProcessErrorHandlers(app.log);
if (sealed) app.log.info(`Sealed ${sealed} stored secret(s) with the current SECRETS_ENCRYPTION_KEY`);
const { queue, events, scheduler } = app.deps;
let smtpReceiver: SmtpReceiver | null = null;

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await smtpReceiver?.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

if (env.DATABASE_URL && !env.STORAGE_DRIVER) {
  app.log.warn(
    "Uploaded files are kept on this server's disk (STORAGE_DRIVER=local). Several servers on one " +
      'database need STORAGE_DRIVER=postgres or s3, so each can read the files the others stored.',
  );
}
async function start() {
  await queue.start();
  events.start();
  await app.listen({ port: env.PORT, host: env.HOST });
  if (env.SCHEDULER_ENABLED) scheduler.start();
  // Forwarded invoices by SMTP (issue 18), when INBOUND_SMTP_PORT is set.
  if (env.INBOUND_SMTP_PORT !== undefined) {
    const { startSmtpReceiver, smtpReceiverOptions } = await import('./email/inbound/smtp-receiver');
    const smtpOptions = smtpReceiverOptions(env)!;
    smtpReceiver = await startSmtpReceiver(app.deps, smtpOptions);
    app.log.info(
      `Receiving forwarded invoices by SMTP on port ${smtpReceiver.port} for @${env.INBOUND_DOMAIN}` +
        (smtpOptions.tls ? ' (STARTTLS)' : ''),
    );
  }
}
// The handlers above keep the process alive; a server that could not start must still exit.
await start().catch((error: unknown) => {
  app.log.fatal({ err: error }, 'Stackwise could not start');
  process.exit(1);
});
app.log.info(
  `Stackwise is running at ${env.APP_URL} — database: ${describeDatabase(env)}, files: ${env.storageDriver}`,
);
