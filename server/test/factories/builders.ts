import type { DbOrTx } from '../../db/client';
import { addMemberWithSession, buildSubscription, setPlan } from './accounts';
import { buildAssignment, buildPerson, buildPool } from './licenses';

type Rest<F> = F extends (db: DbOrTx, ...rest: infer R) => infer T ? (...rest: R) => T : never;
const bound =
  <F extends (db: DbOrTx, ...rest: never[]) => unknown>(db: () => DbOrTx, factory: F) =>
  ((...rest: never[]) => factory(db(), ...rest)) as Rest<F>;

/**
 * The direct-insert factories bound to a test file's database, so a test reads
 * `build.pool(orgId, app.id)` rather than passing `db()` to each factory it imports.
 */
export function buildersFor(db: () => DbOrTx) {
  return {
    subscription: bound(db, buildSubscription),
    pool: bound(db, buildPool),
    person: bound(db, buildPerson),
    assignment: bound(db, buildAssignment),
    member: bound(db, addMemberWithSession),
    plan: bound(db, setPlan),
  };
}
