// Issue 32: savings findings on a planted-waste organization nobody tuned the detectors on (seed
// BENCH_FINDINGS_SEED, default 3201; the tests use their own seed): precision, recall, and the
// share of the identified total that is false. Built in the database and read through the same
// snapshot loader and discovery as a real generation.
import { performance } from 'node:perf_hooks';
import { formatAmount } from '../../common/money';
import { todayInTimeZone } from '../../common/dates';
import { buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import type { BenchResult } from './harness';

const SEED = Number(process.env.BENCH_FINDINGS_SEED ?? 3201);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export async function findingsBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  try {
    const db = server.database.db;
    const owner = await buildOrgOwner(server.app);
    await setPlan(db, owner.orgId, 'pro');
    const today = todayInTimeZone(server.app.deps.clock.now());
    const { buildPlantedOrg, scorePlantedFindings } =
      await import('../../server/modules/insights/test/planted-org');
    const { loadInsightSnapshot } = await import('../../server/modules/insights/load-snapshot.repo');
    const { detectOpportunities } = await import('../../server/modules/insights');
    const { loadInsightSettings } = await import('../../server/modules/insights/insight-settings.repo');
    const org = await buildPlantedOrg(db, owner.orgId, owner.id, today, SEED);
    const started = performance.now();
    const { settings } = await loadInsightSettings(db, owner.orgId);
    const found = detectOpportunities(await loadInsightSnapshot(db, owner.orgId, today), settings);
    const ms = performance.now() - started;
    const score = scorePlantedFindings(found, org.cases);
    console.log(
      `  seed ${SEED}: ${org.applications} applications, ${org.seats} seats, ${score.planted} planted waste, ` +
        `${org.cases.length - score.planted} traps`,
    );
    console.log(
      `  recall ${pct(score.recall)} (${score.found}/${score.planted}), precision ${pct(score.precision)}, ` +
        `${score.reviews} reviews without money; identified ${formatAmount(score.totalMinor, 'USD')}, ` +
        `false ${formatAmount(score.falseMinor, 'USD')} (${pct(score.falseShare)})`,
    );
    for (const m of score.missed) console.log(`  missed: ${m}`);
    for (const f of score.falseFindings) console.log(`  false: ${f}`);
    return [
      {
        name: `findings on a planted-waste organization (seed ${SEED})`,
        iterations: 1,
        meanMs: ms,
        p50Ms: ms,
        p95Ms: ms,
        maxMs: ms,
        note: `recall ${pct(score.recall)}, precision ${pct(score.precision)}, false share of the identified total ${pct(score.falseShare)}`,
      },
    ];
  } finally {
    await server.close();
  }
}
