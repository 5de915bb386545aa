import type { Db, DbOrTx } from '../../server/db/client';
import { userContext, type ActingContext } from '../../server/lib/acting-context';
import type { Rng } from './prng';

/** How far back the demo company's charges, revenue, rates and seat history go. */
export const DEMO_MONTHS = 24;

export interface DemoOptions {
  /**
   * How many applications from the catalogue (default 60); benchmarks pass thousands. The savings
   * scenarios add two more (a second Zoom, a Webex) when the stack has a per-seat Zoom.
   */
  apps: number;
  /** How many people (default 150). */
  people: number;
  seed: number;
  /** Make sure the installation has the demo's benchmark peers (default true; see demo-peers.ts). */
  peers: boolean;
}

/** What every generator gets: the database (a transaction), the organization and a shared PRNG. */
export interface DemoContext {
  db: DbOrTx;
  orgId: string;
  /**
   * The signed-in user who loaded the demo. They own applications (so renewal alerts reach them),
   * but they are the actor of nothing the demo made: that is `colleagues`.
   */
  ownerUserId: string;
  /**
   * The demo company's own people with (non-login) accounts, the actors of everything the demo
   * made: who created the API key, recorded decisions, realized savings, set up single sign-on and
   * appear in the audit log (people.ts, `createDemoColleagues`).
   */
  colleagues: DemoColleagues;
  currency: string;
  now: Date;
  /** Today as YYYY-MM-DD (UTC), from `now`. */
  today: string;
  rng: Rng;
  options: DemoOptions;
  /** Generators leave what later ones need here (e.g. application ids for licenses). */
  created: {
    applicationIds: string[];
    vendors: number;
    personIds: string[];
    licensePools: number;
    assignments: number;
  };
}

/** User ids of the demo company's people who act in it (none of them can sign in). */
export interface DemoColleagues {
  /** The finance lead: budgets, renewal decisions, allocations, revenue, the scheduled report. */
  finance: string;
  /** The IT lead: applications, licenses, the API key, single sign-on. */
  it: string;
}

/** A colleague acting in the demo company (as an admin), at the demo's `now`. */
export function demoColleagueContext(ctx: DemoContext, userId: string): ActingContext & { userId: string } {
  return { ...userContext(ctx.orgId, userId, 'admin', ctx.now), userId };
}

export type DemoGenerator = (ctx: DemoContext) => Promise<void>;

export type { Db };
