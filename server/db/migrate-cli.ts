import { parseEnv } from '../env';
import { openDatabase } from './client';
import path from 'node:path';

// `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL or the embedded database.
const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
