import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { parseEnv } from './env';
import { dailyJobs, everyTickTasks } from './jobs';
import { createScheduler } from './jobs/scheduler';

// Boot: parse env → open the database → migrate → serve web + API (+ the scheduler, when enabled).
const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
await database.migrate();
const app = await buildApp({ env, database });
const scheduler = createScheduler(app.deps, { jobs: dailyJobs, everyTick: everyTickTasks });

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await scheduler.stop();
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
const address = await app.listen({ port: env.PORT, host: env.HOST });
if (env.SCHEDULER_ENABLED) scheduler.start();
app.log.info(
  `Stackwise is listening on ${address} — open ${env.APP_URL} (database: ${database.kind}, files: ${env.storageDriver})`,
);
