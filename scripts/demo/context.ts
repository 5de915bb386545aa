import type { Db, DbOrTx } from '../../server/db/client';
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
  /** The organization's owner: creator of the demo records and owner of some applications. */
  ownerUserId: string;
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

export type DemoGenerator = (ctx: DemoContext) => Promise<void>;

export type { Db };
