import type { PlanId } from '../../common/plans';
import { fixedClock } from '../lib/clock';
import { api, buildOrgOwner, buildersFor, setPlan } from './factories';
import { useTestServer } from './test-server';

/**
 * A test file's server on a fixed clock, with its database, the factories bound to it (`build`) and
 * a maker of signed-in owners on a plan: the set-up most module tests begin with.
 */
export function useTestServerAt(at: string) {
  const clock = fixedClock(at);
  const server = useTestServer({ clock });
  const db = () => server.database.db;
  /** A new organization on `plan`, and its signed-in owner. */
  async function ownerOnPlan(plan: PlanId) {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, plan);
    return owner;
  }
  /** A new organization's signed-in owner, with an API client in their session. */
  async function ownerWithClient() {
    const owner = await buildOrgOwner(server.app);
    return { ...owner, client: api(server.app, owner.cookie) };
  }
  return { clock, server, db, build: buildersFor(db), ownerOnPlan, ownerWithClient };
}
