// Okta: people, applications and their assignments, and SSO sign-ins from the System Log, through
// the Management API with an API token (`Authorization: SSWS <token>`, read by a read-only admin)
// on the organization's own domain (https://acme.okta.com), or through an OAuth service app
// (client credentials with a private-key JWT at /oauth2/v1/token; `Authorization: Bearer`).
//   users:        the first sync: GET /api/v1/users?limit=200 (Link: <…>; rel="next"), then the
//                 deprovisioned ones, only listed with filter=status eq "DEPROVISIONED"; later syncs:
//                 GET /api/v1/users?search=lastUpdated gt "<the latest lastUpdated seen>" (any status)
//   apps:         GET /api/v1/apps?limit=200 (id, name, label, status)
//   assignments:  GET /api/v1/apps/{id}/users?limit=500&expand=user
//   sign-ins:     GET /api/v1/logs?since&filter=eventType eq "user.authentication.sso"&sortOrder=ASCENDING&limit=1000
import type { Env } from '../../../env';
import type { Connector, DirectoryPerson, SeenApplication, SyncSession } from '../connector';
import type { ActivityInput } from '../discovery.repo';
import { nextLink } from '../provider-http';

/** The System Log keeps 90 days: the first read goes back this far. */
const FIRST_READ_DAYS = 90;
const USERS_PAGE = 200;
const APPS_PAGE = 200;
const APP_USERS_PAGE = 500;
const LOGS_PAGE = 1000;
/** Okta's own applications (its dashboard, admin console, browser plugin): not discoveries. */
const OKTA_OWN_APPS = new Set([
  'saasure',
  'okta_enduser',
  'okta_browser_plugin',
  'okta_flow_sso',
  'okta_atspoke_sso',
]);

export interface OktaUser {
  id: string;
  status:
    | 'STAGED'
    | 'PROVISIONED'
    | 'ACTIVE'
    | 'RECOVERY'
    | 'PASSWORD_EXPIRED'
    | 'LOCKED_OUT'
    | 'SUSPENDED'
    | 'DEPROVISIONED';
  created?: string;
  lastUpdated?: string;
  profile: {
    login: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    department?: string | null;
    title?: string | null;
    managerId?: string | null;
    manager?: string | null;
  };
}
export interface OktaApp {
  id: string;
  name: string;
  label: string;
  status: 'ACTIVE' | 'INACTIVE';
  signOnMode?: string;
  created?: string;
}
export interface OktaAppUser {
  id: string;
  scope: 'USER' | 'GROUP';
  status: string;
  created: string;
  credentials?: { userName?: string };
  _embedded?: { user?: OktaUser };
}
export interface OktaLogEvent {
  uuid: string;
  published: string;
  eventType: string;
  actor: { id: string; type: string; alternateId: string; displayName?: string };
  outcome?: { result: string; reason?: string | null };
  target?: Array<{ id: string; type: string; alternateId?: string; displayName?: string }>;
}

/** Suspended or deprovisioned (deactivated) in Okta: the existing offboarding starts. */
const SUSPENDED = new Set(['SUSPENDED', 'DEPROVISIONED']);

export function personOf(user: OktaUser): DirectoryPerson {
  const manager = user.profile.manager;
  return {
    externalId: user.id,
    email: (user.profile.email || user.profile.login).toLowerCase(),
    firstName: user.profile.firstName ?? '',
    lastName: user.profile.lastName ?? '',
    department: user.profile.department || null,
    title: user.profile.title || null,
    managerEmail: manager && manager.includes('@') ? manager.toLowerCase() : null,
    suspended: SUSPENDED.has(user.status),
  };
}

/** SSO events: activity of the application signed in to, and of the person's Okta seat ('login'). */
export function readSignOns(items: OktaLogEvent[]): ActivityInput[] {
  const events: ActivityInput[] = [];
  for (const item of items) {
    if (item.eventType !== 'user.authentication.sso' || item.outcome?.result !== 'SUCCESS') continue;
    const email = item.actor.alternateId?.toLowerCase();
    if (!email || !email.includes('@')) continue;
    const at = new Date(item.published);
    events.push({ providerAppId: 'login', email, seenAt: at });
    const app = item.target?.find((t) => t.type === 'AppInstance');
    if (app) events.push({ providerAppId: app.id, email, seenAt: at });
  }
  return events;
}

/** Reads a whole Link-paged list (no cursor: a resumed run reads it again). */
async function readAll<T>(session: SyncSession, path: string, query: Record<string, string | number>) {
  const all: T[] = [];
  let link: string | null = null;
  do {
    const page: { body: T[]; headers: Headers } = link
      ? await session.api.getPage<T[]>(link, {})
      : await session.api.getPage<T[]>(path, query);
    all.push(...page.body);
    session.count('pages');
    link = nextLink(page.headers.get('link'));
  } while (link);
  return all;
}

/** What the admin typed (acme.okta.com, https://acme.okta.com/admin, …) as the org's origin. */
export function oktaSiteUrl(domain: string, env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>) {
  const raw = domain.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { error: 'Enter your Okta domain, like acme.okta.com.' };
  }
  // Plain http is only for a local stand-in (tests, on-premise setups that allow private addresses).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && env.WEBHOOK_ALLOW_PRIVATE))
    return { error: 'The Okta domain must use https.' };
  if (url.username || url.password)
    return { error: 'Enter the domain only, without a user name or password.' };
  return { url: url.origin };
}

/**
 * People: the first sync lists every user (then the deactivated ones, which the list leaves out);
 * later syncs ask only for users changed since the latest `lastUpdated` seen ("List users with
 * search": search=lastUpdated gt "…", which answers users of every status, deactivated ones too).
 */
async function directoryUsers(session: SyncSession) {
  await session.step('users', async (cursor, save) => {
    const since = cursor.since ?? null;
    const reads: Array<Record<string, string>> = since
      ? [{ search: `lastUpdated gt "${since}"` }]
      : [{}, { filter: 'status eq "DEPROVISIONED"' }];
    let latest = cursor.latest ?? since;
    let link = cursor.pageToken ?? null;
    for (let part = Number(cursor.gathered?.part ?? 0); part < reads.length; part += 1) {
      do {
        const page = link
          ? await session.api.getPage<OktaUser[]>(link, {})
          : await session.api.getPage<OktaUser[]>('/api/v1/users', { limit: USERS_PAGE, ...reads[part] });
        await session.people(page.body.map(personOf));
        for (const user of page.body)
          if (user.lastUpdated && (!latest || user.lastUpdated > latest)) latest = user.lastUpdated;
        session.count('pages');
        link = nextLink(page.headers.get('link'));
        await save({ since, pageToken: link, latest, gathered: { part: link ? part : part + 1 } });
      } while (link);
    }
    await save({ since: latest, pageToken: null, latest: null, gathered: null });
  });
}

export const okta: Connector = {
  provider: 'okta',
  ownCatalogSlug: 'okta',
  auth: 'api_token',
  oauth: () => null,
  apiToken: {
    siteUrl: oktaSiteUrl,
    authorization: (token) => `SSWS ${token}`,
    async verify(api) {
      const me = await api.get<OktaUser>('/api/v1/users/me', {});
      return { accountEmail: me.profile?.email?.toLowerCase() ?? null };
    },
    // "Implement OAuth for Okta with a service app": the org authorization server's token endpoint
    // and the read-only scopes granted to the app (Okta API Scopes tab).
    serviceApp: {
      tokenPath: '/oauth2/v1/token',
      scopes: ['okta.users.read', 'okta.apps.read', 'okta.logs.read'],
      // A service app has no signed-in user (no /users/me): one page of one user proves the grant.
      async verify(api) {
        await api.get<OktaUser[]>('/api/v1/users', { limit: 1 });
      },
    },
  },
  apiBaseUrl: (_env, siteUrl) => {
    if (!siteUrl) throw new Error('An Okta connection without its domain');
    return siteUrl;
  },
  async sync(session) {
    await directoryUsers(session);

    // Applications and who is assigned to each (an assignment is access held, not a use).
    const apps = (await readAll<OktaApp>(session, '/api/v1/apps', { limit: APPS_PAGE })).filter(
      (app) => app.status === 'ACTIVE' && !OKTA_OWN_APPS.has(app.name),
    );
    const labels = new Map(apps.map((a) => [a.id, a.label || a.name] as const));
    await session.step('assignments', async (cursor, save) => {
      // The cursor names the last application whose assignments were read (a crash resumes after it).
      const start = cursor.pageToken ? apps.findIndex((a) => a.id === cursor.pageToken) + 1 : 0;
      for (const app of apps.slice(start)) {
        const assigned = await readAll<OktaAppUser>(
          session,
          `/api/v1/apps/${encodeURIComponent(app.id)}/users`,
          {
            limit: APP_USERS_PAGE,
            expand: 'user',
          },
        );
        // Seen from its creation (else now) to its latest assignment; sign-ins move it on.
        const created = app.created ? new Date(app.created) : session.now;
        const seen: SeenApplication = {
          providerAppId: app.id,
          name: app.label || app.name,
          scopes: [],
          firstSeenAt: created,
          lastSeenAt: created,
        };
        const holders = assigned.flatMap((a) => {
          const email = (a._embedded?.user?.profile.email ?? a.credentials?.userName ?? '').toLowerCase();
          if (!email.includes('@')) return [];
          const at = new Date(a.created);
          if (at < seen.firstSeenAt) seen.firstSeenAt = at;
          if (at > seen.lastSeenAt) seen.lastSeenAt = at;
          return [{ providerAppId: app.id, email, seenAt: at, granted: true }];
        });
        await session.applications([seen]);
        await session.activity(holders);
        await save({ ...cursor, pageToken: app.id });
      }
    });

    // SSO sign-ins since the last pass, oldest first. With `since` and no `until` the System Log
    // always answers a next link (it is a poll): the pass ends on an empty page.
    await session.step('sign_ins', async (cursor, save) => {
      const since =
        cursor.since ?? new Date(session.now.getTime() - FIRST_READ_DAYS * 24 * 60 * 60 * 1000).toISOString();
      let link = cursor.pageToken ?? null;
      let latest = cursor.latest ?? since;
      for (;;) {
        const page = link
          ? await session.api.getPage<OktaLogEvent[]>(link, {})
          : await session.api.getPage<OktaLogEvent[]>('/api/v1/logs', {
              since,
              filter: 'eventType eq "user.authentication.sso"',
              sortOrder: 'ASCENDING',
              limit: LOGS_PAGE,
            });
        const items = page.body;
        const events = readSignOns(items);
        await session.activity(events);
        // Applications signed in to: last seen moves on (one not listed — inactive, added since — is discovered).
        const signedIn = new Map<string, SeenApplication>();
        for (const item of items) {
          const target = item.target?.find((t) => t.type === 'AppInstance');
          if (!target || item.outcome?.result !== 'SUCCESS') continue;
          const at = new Date(item.published);
          const app = signedIn.get(target.id) ?? {
            providerAppId: target.id,
            name: labels.get(target.id) ?? (target.displayName || target.alternateId || target.id),
            scopes: [],
            firstSeenAt: at,
            lastSeenAt: at,
          };
          if (at < app.firstSeenAt) app.firstSeenAt = at;
          if (at > app.lastSeenAt) app.lastSeenAt = at;
          signedIn.set(target.id, app);
        }
        await session.applications([...signedIn.values()]);
        session.count('pages');
        session.count('events', items.length);
        for (const item of items) {
          const at = new Date(item.published).toISOString();
          if (at > latest) latest = at;
        }
        link = items.length > 0 ? nextLink(page.headers.get('link')) : null;
        await save(
          link ? { since, pageToken: link, latest } : { since: latest, pageToken: null, latest: null },
        );
        if (!link) break;
      }
    });
  },
};
