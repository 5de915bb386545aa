// `npm run demo [-- --apps 5000] [--people 2000] [--seed 42] [--email demo@…]`: creates a demo organization with its
// owner on the embedded database in DATA_DIR (or DATABASE_URL) and prints the login.
// With PGlite, stop the server first: only one process can open the embedded database.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { refreshPlannerStats } from '../server/db/maintenance';
import { parseEnv } from '../server/env';
import { generateInsights } from '../server/modules/insights';
import { findUserByEmail, insertUser } from '../server/modules/organizations';
import { hashPassword } from '../server/modules/auth/passwords';
import { insertDefaultEntityAndBrand } from '../server/modules/entities/entities.repo';
import { insertMembership, insertOrganization } from '../server/modules/organizations/organizations.repo';
import { seedOrganizationDefaults } from '../server/modules/settings-lists/settings-lists.repo';
import { DEFAULT_DEMO_OPTIONS, DEMO_TABLES, generateDemoData } from './demo/index';
import { todayInTimeZone } from '../common/dates';
import { deliverDemoInvoices } from './demo/invoices';

const { values } = parseArgs({
  options: {
    apps: { type: 'string', default: String(DEFAULT_DEMO_OPTIONS.apps) },
    people: { type: 'string', default: String(DEFAULT_DEMO_OPTIONS.people) },
    seed: { type: 'string', default: String(DEFAULT_DEMO_OPTIONS.seed) },
    email: { type: 'string' },
    name: { type: 'string', default: 'Northwind Labs' },
  },
});
const apps = Number(values.apps);
const seed = Number(values.seed);
const people = Number(values.people);
if (!Number.isInteger(people) || people < 12 || people > 100_000)
  throw new Error('--people must be a whole number from 12 to 100000');
if (!Number.isInteger(apps) || apps < 1 || apps > 100_000)
  throw new Error('--apps must be a whole number from 1 to 100000');
if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');

const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
await database.migrate();
const email = values.email ?? `demo-${randomBytes(3).toString('hex')}@stackwise.local`;
const password = `demo-${randomBytes(6).toString('base64url')}`;
const started = Date.now();
const now = new Date();
try {
  if (await findUserByEmail(database.db, email))
    throw new Error(`A user ${email} already exists; pass another --email`);
  const passwordHash = await hashPassword(password);
  const result = await database.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      passwordHash,
      firstName: 'Dana',
      lastName: 'Demo',
      jobTitle: 'Head of IT',
      onboardingPhase: 'completed',
    });
    const org = await insertOrganization(tx, {
      name: values.name!,
      currency: 'USD',
      companySize: '51-200',
      subscriptionPlan: 'starter',
    });
    await insertDefaultEntityAndBrand(tx, org);
    await insertMembership(tx, org.id, user.id, 'owner');
    await seedOrganizationDefaults(tx, org.id);
    const loaded = await generateDemoData(
      tx,
      { orgId: org.id, ownerUserId: user.id, currency: org.currency, now },
      { apps, people, seed },
    );
    return { ...loaded, orgId: org.id };
  });
  await refreshPlannerStats(database.db, DEMO_TABLES);
  // Today's savings opportunities, as the app's demo button makes them. Generation takes the
  // server's services: the app is built (nothing is started or listening) to lend its own; the
  // events it records wait in the outbox, and the jobs it sends in the queue, for the next server.
  const app = await buildApp({ env, database, logger: false });
  try {
    // The invoices are received through the job queue: its tables must exist, on a fresh database
    // too (no worker runs here; the jobs wait for the server).
    await app.deps.queue.prepare();
    await generateInsights(app.deps, result.orgId, now);
    await refreshPlannerStats(database.db, ['insight_opportunities']);
    await deliverDemoInvoices(app.deps, result.orgId, todayInTimeZone(now));
    // Today's daily work (renewals, renewal and cancel-by alerts…), queued for the server like the
    // invoices: the alerts are there when the owner first signs in, not after tonight's run.
    await app.deps.scheduler.runToday(result.orgId, 'demo');
  } finally {
    await app.close();
  }
  console.log(
    `Demo organization "${values.name}" with ${result.applications} applications, ${result.people} people and ${result.assignments} license seats (${database.kind}, ${Date.now() - started} ms)`,
  );
  console.log(`Sign in at ${env.APP_URL}/auth/login`);
  console.log(`  email:    ${email}`);
  console.log(`  password: ${password}`);
} finally {
  await database.close();
}
