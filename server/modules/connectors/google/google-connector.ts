// Google Workspace: people from the Directory API, third-party applications and sign-ins from the
// Reports API (read-only Admin SDK scopes, consented by a super admin).
//   Directory users.list: GET /admin/directory/v1/users?customer=my_customer&maxResults&pageToken[&showDeleted]
//   Reports activities.list: GET /admin/reports/v1/activity/users/all/applications/{token|login}?startTime&maxResults&pageToken
//   License Manager licenseAssignments.listForProduct (developers.google.com/workspace/admin/licensing/reference/rest/v1/licenseAssignments/listForProduct):
//     GET {licensing}/apps/licensing/v1/product/Google-Apps/users?customerId&maxResults (1–1000)&pageToken
//     → { items: [{ userId (e-mail), productId, skuId, skuName }], nextPageToken }. Google Workspace's seats:
//     the API lists assignments but no purchased total (that lives in the Reseller API, which direct
//     customers cannot call), so purchased = the licenses assigned.
import type { Env } from '../../../env';
import type { Connector, DirectoryPerson, SeenApplication, StepCursor, SyncSession } from '../connector';
import type { ActivityInput } from '../discovery.repo';
import { ProviderError } from '../provider-http';

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.reports.audit.readonly',
  'https://www.googleapis.com/auth/apps.licensing',
];

/** The License Manager's product id of Google Workspace (its SKUs: Business Starter, Standard…). */
const WORKSPACE_PRODUCT = 'Google-Apps';
const LICENSES_PAGE = 1000;

/** The Reports API keeps 180 days of activity: the first read goes back this far. */
const FIRST_READ_DAYS = 180;
const USERS_PAGE = 500;
const ACTIVITIES_PAGE = 1000;

export interface GoogleUser {
  id: string;
  /** The Workspace customer's id (C0…), which the License Manager wants. */
  customerId?: string;
  primaryEmail: string;
  name?: { givenName?: string; familyName?: string; fullName?: string };
  suspended?: boolean;
  orgUnitPath?: string;
  organizations?: Array<{ department?: string; title?: string; primary?: boolean }>;
  relations?: Array<{ value: string; type: string }>;
  deletionTime?: string;
}
interface UsersPage {
  users?: GoogleUser[];
  nextPageToken?: string;
}

export interface ActivityParameter {
  name: string;
  value?: string;
  multiValue?: string[];
}
export interface GoogleActivity {
  id: { time: string; uniqueQualifier: string; applicationName: string; customerId?: string };
  actor: { email?: string; profileId?: string };
  events: Array<{ type?: string; name: string; parameters?: ActivityParameter[] }>;
}
interface ActivitiesPage {
  items?: GoogleActivity[];
  nextPageToken?: string;
}

export function personOf(user: GoogleUser): DirectoryPerson {
  const organization = user.organizations?.find((o) => o.primary) ?? user.organizations?.[0];
  const [given, ...rest] = (user.name?.fullName ?? '').split(' ');
  return {
    externalId: user.id,
    email: user.primaryEmail.toLowerCase(),
    firstName: user.name?.givenName ?? given ?? '',
    lastName: user.name?.familyName ?? rest.join(' '),
    department: organization?.department || null,
    title: organization?.title || null,
    managerEmail: user.relations?.find((r) => r.type === 'manager')?.value?.toLowerCase() ?? null,
    suspended: user.suspended === true,
  };
}

const param = (parameters: ActivityParameter[] | undefined, name: string) =>
  parameters?.find((p) => p.name === name);

/** Token events: grants (`authorize`) and withdrawals (`revoke`) of third-party applications. */
export function readTokenActivities(items: GoogleActivity[]) {
  const events: ActivityInput[] = [];
  const apps = new Map<string, SeenApplication>();
  for (const item of items) {
    const email = item.actor.email;
    if (!email) continue;
    const at = new Date(item.id.time);
    for (const event of item.events) {
      const clientId = param(event.parameters, 'client_id')?.value;
      if (!clientId || (event.name !== 'authorize' && event.name !== 'revoke')) continue;
      events.push({ providerAppId: clientId, email, seenAt: at, revoked: event.name === 'revoke' });
      if (event.name !== 'authorize') continue;
      const name = param(event.parameters, 'app_name')?.value || clientId;
      const scopes = param(event.parameters, 'scope')?.multiValue ?? [];
      const app = apps.get(clientId) ?? {
        providerAppId: clientId,
        name,
        scopes: [],
        firstSeenAt: at,
        lastSeenAt: at,
      };
      app.scopes = [...new Set([...app.scopes, ...scopes])].sort();
      if (at < app.firstSeenAt) app.firstSeenAt = at;
      if (at > app.lastSeenAt) {
        app.lastSeenAt = at;
        app.name = name;
      }
      apps.set(clientId, app);
    }
  }
  return { events, apps: [...apps.values()] };
}

/** Login events: a successful sign-in to Google is activity of the person's Google Workspace seat. */
export function readLoginActivities(items: GoogleActivity[]): ActivityInput[] {
  return items.flatMap((item) =>
    item.actor.email && item.events.some((e) => e.name === 'login_success')
      ? [{ providerAppId: 'login', email: item.actor.email, seenAt: new Date(item.id.time) }]
      : [],
  );
}

export interface LicenseAssignment {
  kind?: string;
  userId: string;
  productId: string;
  productName?: string;
  skuId: string;
  skuName?: string;
}
interface LicensesPage {
  items?: LicenseAssignment[];
  nextPageToken?: string;
}

/** The most assigned SKU's name ("Google Workspace Business Standard"): the pool's tier when one is made. */
function mainSkuName(assignments: Array<{ skuName: string }>) {
  const counts = new Map<string, number>();
  for (const a of assignments) counts.set(a.skuName, (counts.get(a.skuName) ?? 0) + 1);
  return (
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ??
    'Google Workspace'
  );
}

/**
 * Google Workspace's seats from the License Manager: every page read (the holder list is written
 * whole, so it is gathered with the cursor), then written to the google-workspace application.
 * A connection made before the licensing scope existed answers 403: the step is skipped until a
 * reconnect grants it; an empty list (no assignment visible) writes nothing.
 */
async function readLicenses(session: SyncSession) {
  await session.step('licenses', async (cursor, save) => {
    const gathered =
      (cursor.gathered as { customerId: string; seats: Array<{ email: string; skuName: string }> } | null) ??
      null;
    let pageToken = cursor.pageToken ?? null;
    try {
      let customerId = gathered?.customerId;
      if (!customerId) {
        const first = await session.api.get<UsersPage>('/admin/directory/v1/users', {
          customer: 'my_customer',
          maxResults: 1,
        });
        customerId = first.users?.[0]?.customerId;
      }
      if (!customerId) return;
      const seats = gathered?.seats ?? [];
      const base = session.env.GOOGLE_LICENSING_API_BASE_URL.replace(/\/$/, '');
      do {
        const page = await session.api.get<LicensesPage>(
          `${base}/apps/licensing/v1/product/${WORKSPACE_PRODUCT}/users`,
          { customerId, maxResults: LICENSES_PAGE, pageToken },
        );
        for (const item of page.items ?? [])
          seats.push({ email: item.userId.toLowerCase(), skuName: item.skuName || item.skuId });
        session.count('pages');
        pageToken = page.nextPageToken ?? null;
        await save({ ...cursor, pageToken, gathered: { customerId, seats } });
      } while (pageToken);
      const holders = [...new Set(seats.map((s) => s.email))];
      if (holders.length > 0)
        await session.seats({
          catalogSlug: 'google-workspace',
          productName: mainSkuName(seats),
          purchased: holders.length,
          assigned: holders,
        });
      await save({ pageToken: null, gathered: null });
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 403 || error.status === 404)) return;
      throw error;
    }
  });
}

async function listUsers(
  session: SyncSession,
  step: string,
  extra: Record<string, string>,
  onPage: (users: GoogleUser[]) => Promise<void>,
) {
  await session.step(step, async (cursor, save) => {
    let pageToken = cursor.pageToken ?? null;
    do {
      const page = await session.api.get<UsersPage>('/admin/directory/v1/users', {
        customer: 'my_customer',
        maxResults: USERS_PAGE,
        pageToken,
        ...extra,
      });
      await onPage(page.users ?? []);
      session.count('pages');
      pageToken = page.nextPageToken ?? null;
      await save({ ...cursor, pageToken });
    } while (pageToken);
  });
}

/** One incremental pass over an application's activities: from `since` (or 180 days) to now. */
async function readActivities(
  session: SyncSession,
  application: 'token' | 'login',
  onPage: (items: GoogleActivity[]) => Promise<void>,
) {
  await session.step(application, async (cursor, save) => {
    const since =
      cursor.since ?? new Date(session.now.getTime() - FIRST_READ_DAYS * 24 * 60 * 60 * 1000).toISOString();
    let pageToken = cursor.pageToken ?? null;
    let latest = cursor.latest ?? since;
    do {
      const page = await session.api.get<ActivitiesPage>(
        `/admin/reports/v1/activity/users/all/applications/${application}`,
        { startTime: since, maxResults: ACTIVITIES_PAGE, pageToken },
      );
      const items = page.items ?? [];
      await onPage(items);
      session.count('pages');
      session.count('events', items.length);
      for (const item of items) if (item.id.time > latest) latest = item.id.time;
      pageToken = page.nextPageToken ?? null;
      const next: StepCursor = pageToken
        ? { since, pageToken, latest }
        : { since: latest, pageToken: null, latest: null };
      await save(next);
    } while (pageToken);
  });
}

export const googleWorkspace: Connector = {
  provider: 'google_workspace',
  ownCatalogSlug: 'google-workspace',
  auth: 'oauth',
  oauth(env: Env) {
    if (!env.GOOGLE_OAUTH_CLIENT_ID || !env.GOOGLE_OAUTH_CLIENT_SECRET) return null;
    return {
      authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      clientId: env.GOOGLE_OAUTH_CLIENT_ID,
      clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET,
      scopes: GOOGLE_SCOPES,
      // A refresh token is only issued offline, and again only on a fresh consent.
      authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    };
  },
  apiBaseUrl: (env: Env) => env.GOOGLE_API_BASE_URL,
  async sync(session) {
    await listUsers(session, 'users', {}, (users) => session.people(users.map(personOf)));
    await listUsers(session, 'deleted_users', { showDeleted: 'true' }, (users) =>
      session.removedPeople(users.map((u) => ({ externalId: u.id, email: u.primaryEmail }))),
    );
    await readActivities(session, 'token', async (items) => {
      const { events, apps } = readTokenActivities(items);
      await session.activity(events);
      await session.applications(apps);
    });
    await readActivities(session, 'login', (items) => session.activity(readLoginActivities(items)));
    await readLicenses(session);
  },
};
