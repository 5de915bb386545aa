// Issue 32 goal on a planted-waste organization (another seed than the bench's): every planted waste
// found, almost nothing else reported, and no false alarm in the identified total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '../../../../common/dates';
import { buildOrgOwner, setPlan } from '../../../test/factories';
import { getTestServer, type TestServer } from '../../../test/test-server';
import { detectOpportunities } from '../detectors';
import { loadInsightSettings } from '../insight-settings.repo';
import { loadInsightSnapshot } from '../load-snapshot.repo';
import { buildPlantedOrg, scorePlantedFindings } from './planted-org';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('savings findings on a planted-waste organization', () => {
  it('find the planted waste (recall, precision ≥ 95 %) and count no false alarm in the total', async () => {
    const db = server.database.db;
    const owner = await buildOrgOwner(server.app);
    await setPlan(db, owner.orgId, 'pro');
    const today = todayInTimeZone(server.app.deps.clock.now());
    const org = await buildPlantedOrg(db, owner.orgId, owner.id, today, 77);
    const { settings } = await loadInsightSettings(db, owner.orgId);
    const found = detectOpportunities(await loadInsightSnapshot(db, owner.orgId, today), settings);
    const score = scorePlantedFindings(found, org.cases);
    expect(score.missed).toEqual([]);
    expect(score.falseFindings).toEqual([]);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.falseShare).toBe(0);
    expect(score.totalMinor).toBeGreaterThan(0);
  });
});
