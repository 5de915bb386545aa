// Issue 35: a Google Workspace directory of 2,000 people with 50 third-party applications and 90
// days of sign-ins syncs in under 60 s on PGlite and under 30 s on PostgreSQL (TEST_DATABASE_URL).
// The provider is the local fake (no network); the sync runs as the app runs it: connect through
// the consent page, the callback queues the first sync, the queue runs it. Then an incremental
// "Sync now" with one more day of sign-ins.
import { performance } from 'node:perf_hooks';
import { type FakeGoogle, startFakeGoogle } from '../../server/modules/connectors/google/fake-google';
import type { GoogleActivity, GoogleUser } from '../../server/modules/connectors/google/google-connector';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import type { BenchResult } from './harness';

const PEOPLE = Number(process.env.BENCH_CONNECTOR_PEOPLE ?? 2_000);
const APPLICATIONS = 50;
const DAYS = 90;
const DAY_MS = 86_400_000;
const BUDGET_MS = process.env.TEST_DATABASE_URL ? 30_000 : 60_000;

function directory(now: Date): { users: GoogleUser[]; token: GoogleActivity[]; login: GoogleActivity[] } {
  const users: GoogleUser[] = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `2${String(i).padStart(8, '0')}`,
    primaryEmail: `person${i}@bench.test`,
    name: { givenName: `Person`, familyName: `${i}` },
    suspended: i % 97 === 0,
    organizations: [{ department: `Dept ${i % 12}`, title: 'Staff', primary: true }],
  }));
  let seq = 0;
  const event = (email: string, at: number, kind: 'token' | 'login', app?: number): GoogleActivity => ({
    id: { time: new Date(at).toISOString(), uniqueQualifier: String((seq += 1)), applicationName: kind },
    actor: { email },
    events: [
      kind === 'login'
        ? {
            type: 'login',
            name: 'login_success',
            parameters: [{ name: 'login_type', value: 'google_password' }],
          }
        : {
            type: 'auth',
            name: 'authorize',
            parameters: [
              { name: 'client_id', value: `${app}.apps.bench` },
              { name: 'app_name', value: `Bench App ${app}` },
              {
                name: 'scope',
                multiValue: ['openid', 'email', `https://www.googleapis.com/auth/drive.app${app}`],
              },
            ],
          },
    ],
  });
  // Application k is used by every (k+2)th person: 50 applications, about 9,000 grants in all.
  const token: GoogleActivity[] = [];
  for (let k = 0; k < APPLICATIONS; k += 1)
    for (let i = k % 7; i < PEOPLE; i += k + 2)
      token.push(event(users[i].primaryEmail, now.getTime() - ((i * 31 + k) % DAYS) * DAY_MS, 'token', k));
  // Each person signs in on about two days of three over the 90 days.
  const login: GoogleActivity[] = [];
  for (let d = 0; d < DAYS; d += 1)
    for (let i = 0; i < PEOPLE; i += 1)
      if ((i + d) % 3 !== 0)
        login.push(event(users[i].primaryEmail, now.getTime() - d * DAY_MS - (i % 600) * 1000, 'login'));
  // The Reports API answers newest first.
  const newestFirst = (a: GoogleActivity, b: GoogleActivity) => b.id.time.localeCompare(a.id.time);
  return { users, token: token.sort(newestFirst), login: login.sort(newestFirst) };
}

export async function connectorsBench(): Promise<BenchResult[]> {
  const google: FakeGoogle = await startFakeGoogle();
  const server = await getTestServer({ env: google.env });
  try {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    const data = directory(new Date());
    google.users.push(...data.users);
    google.activities.token.push(...data.token);
    google.activities.login.push(...data.login);

    const lastRun = async () =>
      (await client.get('/api/connectors')).json().connectors[0].connection?.lastRun;
    // The run names the step it is in: watching it gives each step's time (to about 100 ms).
    const untilDone = async (reason: string) => {
      const steps: Array<{ name: string; at: number }> = [];
      for (;;) {
        const run = await lastRun();
        const at = performance.now();
        if (run?.reason === reason && run.step && run.step !== steps.at(-1)?.name)
          steps.push({ name: run.step, at });
        if (run?.reason === reason && run.status !== 'running') {
          const timings = steps.map(
            (s, i) => `${s.name} ${(((steps[i + 1]?.at ?? at) - s.at) / 1000).toFixed(1)} s`,
          );
          return { ...run, timings: timings.join(', ') };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const started = await client.post('/api/connectors/google_workspace/connect');
    const back = await google.approve(String(started.json().authorizeUrl));
    const first = performance.now();
    await client.get(`/api/connectors/oauth/callback${back.search}`);
    const firstRun = await untilDone('connect');
    const firstMs = performance.now() - first;

    // One more day: a new sign-in for everyone, read incrementally.
    const tomorrow = Date.now() + 60_000;
    google.activities.login.unshift(
      ...data.users.map((u, i) => ({
        id: {
          time: new Date(tomorrow + i).toISOString(),
          uniqueQualifier: `n${i}`,
          applicationName: 'login',
        },
        actor: { email: u.primaryEmail },
        events: [{ type: 'login', name: 'login_success', parameters: [] }],
      })),
    );
    const second = performance.now();
    await client.post('/api/connectors/google_workspace/sync');
    const secondRun = await untilDone('manual');
    const secondMs = performance.now() - second;

    const events = data.token.length + data.login.length;
    const result = (
      name: string,
      ms: number,
      run: { status: string; counts: Record<string, number>; timings: string },
    ) => ({
      name,
      iterations: 1,
      meanMs: ms,
      p50Ms: ms,
      p95Ms: ms,
      maxMs: ms,
      budgetMs: BUDGET_MS,
      withinBudget: run.status === 'succeeded' && ms <= BUDGET_MS,
      note: `${run.status}: ${run.counts.peopleCreated} people created, ${run.counts.events} events, ${run.counts.appsDiscovered} apps, ${run.counts.pages} pages; steps: ${run.timings}`,
    });
    return [
      result(
        `connector first sync: ${PEOPLE} people, ${APPLICATIONS} apps, ${events} events`,
        firstMs,
        firstRun,
      ),
      result(`connector incremental sync: +${PEOPLE} sign-ins`, secondMs, secondRun),
    ];
  } finally {
    await server.close();
    await google.close();
  }
}
