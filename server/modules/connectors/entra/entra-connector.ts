// Microsoft Entra ID (Microsoft 365): people, enterprise applications, the OAuth permission grants
// people gave them, and sign-ins, from Microsoft Graph v1.0 (delegated, read-only permissions
// consented by an administrator through the Microsoft identity platform, authorization code + PKCE).
//   users:            GET /v1.0/users/delta?$select=…&$expand=manager (delta query: @odata.nextLink pages,
//                     then @odata.deltaLink, kept for the next sync; `@removed` entries are deletions)
//   deleted users:    GET /v1.0/directory/deletedItems/microsoft.graph.user (after a full delta read only)
//   consent dates:    GET /v1.0/auditLogs/directoryAudits?$filter=activityDisplayName eq 'Consent to application'
//   enterprise apps:  GET /v1.0/servicePrincipals?$select=id,appId,appDisplayName,displayName,tags,appOwnerOrganizationId
//   grants:           GET /v1.0/oauth2PermissionGrants (clientId = service principal id, principalId = user id)
//   sign-ins:         GET /v1.0/auditLogs/signIns?$filter=createdDateTime ge <since>&$top
//   seats:            GET /v1.0/subscribedSkus; GET /v1.0/users?$select=…,assignedLicenses
import type { Env } from '../../../env';
import type { Connector, DirectoryPerson, SeenApplication, StepCursor, SyncSession } from '../connector';
import type { ActivityInput } from '../discovery.repo';
import { ProviderError } from '../provider-http';

export const MICROSOFT_SCOPES = [
  'offline_access',
  'User.Read.All',
  'Directory.Read.All',
  'AuditLog.Read.All',
  'Application.Read.All',
];

/** Entra ID keeps sign-in logs 30 days (P1/P2): the first read goes back this far. */
const FIRST_READ_DAYS = 30;
/** Graph's largest pages: users 999, sign-ins 1000, service principals and grants 999. */
const USERS_PAGE = 999;
const SIGN_INS_PAGE = 1000;
const AUDITS_PAGE = 999;
/** Microsoft's own tenant: service principals it owns are Microsoft 365 itself, not discoveries. */
export const MICROSOFT_TENANT_ID = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';
/** Tag of applications an organization integrated itself (gallery or its own), shown as enterprise apps. */
const INTEGRATED_APP_TAG = 'WindowsAzureActiveDirectoryIntegratedApp';
/** Sign-ins to these are use of the person's Microsoft 365 seat. */
const MICROSOFT_365_APP = /^(office 365|microsoft|outlook|onedrive|sharepoint|exchange|my signins|my apps)/i;

export interface GraphUser {
  id: string;
  displayName?: string | null;
  givenName?: string | null;
  surname?: string | null;
  mail?: string | null;
  userPrincipalName: string;
  department?: string | null;
  jobTitle?: string | null;
  accountEnabled?: boolean | null;
  manager?: { mail?: string | null } | null;
  deletedDateTime?: string | null;
  /** The licenses (subscribed SKUs) assigned to the user. */
  assignedLicenses?: Array<{ skuId: string }> | null;
}
/**
 * A user as a delta page gives it ("user: delta"): a deleted one is only its id and `@removed`
 * (reason `changed`: in the recycle bin; `deleted`: for good); the manager, with $expand=manager,
 * is `manager@delta` holding its id.
 */
export type GraphDeltaUser = Partial<GraphUser> & {
  id: string;
  '@removed'?: { reason: 'changed' | 'deleted' };
  'manager@delta'?: Array<{ id: string; '@removed'?: unknown }>;
};
/** A directory audit record ("directoryAudit resource type"), as far as the consent dates use it. */
export interface GraphDirectoryAudit {
  id: string;
  activityDisplayName: string;
  activityDateTime: string;
  result?: string;
  initiatedBy?: { user?: { id?: string | null; userPrincipalName?: string | null } | null };
  targetResources?: Array<{ id: string; type?: string; displayName?: string | null }>;
}
/** A subscription the tenant bought (List subscribedSkus): `prepaidUnits.enabled` seats of a SKU. */
export interface GraphSubscribedSku {
  skuId: string;
  skuPartNumber: string;
  capabilityStatus?: string;
  consumedUnits?: number | null;
  prepaidUnits?: { enabled?: number | null } | null;
}
export interface GraphServicePrincipal {
  id: string;
  appId: string;
  appDisplayName?: string | null;
  displayName?: string | null;
  appOwnerOrganizationId?: string | null;
  tags?: string[];
}
export interface GraphPermissionGrant {
  id: string;
  clientId: string;
  consentType: 'AllPrincipals' | 'Principal';
  principalId: string | null;
  resourceId: string;
  scope: string;
}
export interface GraphSignIn {
  id: string;
  createdDateTime: string;
  userPrincipalName: string;
  userId?: string;
  appId: string;
  appDisplayName: string;
  status?: { errorCode: number; failureReason?: string | null };
}
interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const emailOf = (user: Pick<GraphUser, 'mail' | 'userPrincipalName'>) =>
  (user.mail || user.userPrincipalName).toLowerCase();

export function personOf(user: GraphUser): DirectoryPerson {
  const [given, ...rest] = (user.displayName ?? '').split(' ');
  return {
    externalId: user.id,
    email: emailOf(user),
    firstName: user.givenName ?? given ?? '',
    lastName: user.surname ?? rest.join(' '),
    department: user.department || null,
    title: user.jobTitle || null,
    managerEmail: user.manager?.mail?.toLowerCase() ?? null,
    suspended: user.accountEnabled === false,
  };
}

const isMicrosoftOwn = (sp: GraphServicePrincipal) => sp.appOwnerOrganizationId === MICROSOFT_TENANT_ID;

/** Sign-ins: each successful one is activity of its application, and of Microsoft 365 when it is Microsoft's. */
export function readSignIns(items: GraphSignIn[]) {
  const events: ActivityInput[] = [];
  const apps = new Map<string, SeenApplication>();
  for (const item of items) {
    if (!item.userPrincipalName || (item.status && item.status.errorCode !== 0)) continue;
    const at = new Date(item.createdDateTime);
    const email = item.userPrincipalName.toLowerCase();
    if (MICROSOFT_365_APP.test(item.appDisplayName)) {
      events.push({ providerAppId: 'login', email, seenAt: at });
      continue;
    }
    events.push({ providerAppId: item.appId, email, seenAt: at });
    const app = apps.get(item.appId) ?? {
      providerAppId: item.appId,
      name: item.appDisplayName || item.appId,
      scopes: [],
      firstSeenAt: at,
      lastSeenAt: at,
    };
    if (at < app.firstSeenAt) app.firstSeenAt = at;
    if (at > app.lastSeenAt) app.lastSeenAt = at;
    apps.set(item.appId, app);
  }
  return { events, apps: [...apps.values()] };
}

/** Follows @odata.nextLink from `first` (or the saved link), page by page, saving the link after each. */
async function pages<T>(
  session: SyncSession,
  step: string,
  first: { path: string; query: Record<string, string | number> },
  onPage: (items: T[], cursor: StepCursor) => Promise<StepCursor | void>,
) {
  await session.step(step, async (cursor, save) => {
    let link = cursor.pageToken ?? null;
    let state = cursor;
    do {
      const page = link
        ? await session.api.get<GraphPage<T>>(link, {})
        : await session.api.get<GraphPage<T>>(first.path, first.query);
      const items = page.value ?? [];
      state = (await onPage(items, state)) ?? state;
      session.count('pages');
      link = page['@odata.nextLink'] ?? null;
      await save({ ...state, pageToken: link });
    } while (link);
  });
}

export const entraId: Connector = {
  provider: 'entra_id',
  ownCatalogSlug: 'microsoft-365',
  auth: 'oauth',
  oauth(env: Env) {
    if (!env.MICROSOFT_OAUTH_CLIENT_ID || !env.MICROSOFT_OAUTH_CLIENT_SECRET) return null;
    return {
      authorizeUrl: env.MICROSOFT_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.MICROSOFT_OAUTH_TOKEN_URL,
      clientId: env.MICROSOFT_OAUTH_CLIENT_ID,
      clientSecret: env.MICROSOFT_OAUTH_CLIENT_SECRET,
      scopes: MICROSOFT_SCOPES,
      authorizeParams: { response_mode: 'query', prompt: 'select_account' },
      // The v2.0 token endpoint asks for the scopes again on a refresh.
      refreshParams: { scope: MICROSOFT_SCOPES.join(' ') },
    };
  },
  apiBaseUrl: (env: Env) => env.MICROSOFT_GRAPH_BASE_URL,
  async sync(session) {
    await directoryUsers(session);

    // Enterprise applications (read whole every run: a resumed run needs them to resolve grants),
    // then the grants people gave them (the service principal by object id, the person by user id).
    const principals = new Map<string, GraphServicePrincipal>();
    let link: string | null = null;
    do {
      const page: GraphPage<GraphServicePrincipal> = link
        ? await session.api.get<GraphPage<GraphServicePrincipal>>(link, {})
        : await session.api.get<GraphPage<GraphServicePrincipal>>('/v1.0/servicePrincipals', {
            $select: 'id,appId,appDisplayName,displayName,tags,appOwnerOrganizationId',
            $top: 999,
          });
      for (const sp of page.value ?? []) if (!isMicrosoftOwn(sp)) principals.set(sp.id, sp);
      session.count('pages');
      link = page['@odata.nextLink'] ?? null;
    } while (link);
    const consents = await consentDates(session);
    await pages<GraphPermissionGrant>(
      session,
      'grants',
      { path: '/v1.0/oauth2PermissionGrants', query: { $top: 999 } },
      async (grants) => {
        const apps = new Map<string, SeenApplication>();
        const holders: Array<{ appId: string; spId: string; userId: string }> = [];
        for (const grant of grants) {
          const sp = principals.get(grant.clientId);
          if (!sp) continue;
          const scopes = grant.scope.split(' ').filter(Boolean);
          // A grant holds now; it was first seen at its consent, when the audit log still has it.
          const app = apps.get(sp.appId) ?? {
            providerAppId: sp.appId,
            name: sp.appDisplayName || sp.displayName || sp.appId,
            scopes: [],
            firstSeenAt: consents.get(sp.id) ?? session.now,
            lastSeenAt: session.now,
          };
          app.scopes = [...new Set([...app.scopes, ...scopes])].sort();
          apps.set(sp.appId, app);
          if (grant.consentType === 'Principal' && grant.principalId)
            holders.push({ appId: sp.appId, spId: sp.id, userId: grant.principalId });
        }
        await session.applications([...apps.values()]);
        if (holders.length === 0) return;
        const emails = await userEmails(session, [...new Set(holders.map((h) => h.userId))]);
        await session.activity(
          holders.flatMap((h) => {
            const email = emails.get(h.userId);
            const seenAt = consents.get(`${h.spId} ${h.userId}`) ?? session.now;
            return email ? [{ providerAppId: h.appId, email, seenAt, granted: true }] : [];
          }),
        );
      },
    );
    // Integrated (enterprise) applications nobody granted anything to yet are discoveries too.
    const integrated = [...principals.values()].filter((sp) => sp.tags?.includes(INTEGRATED_APP_TAG));
    await session.applications(
      integrated.map((sp) => ({
        providerAppId: sp.appId,
        name: sp.appDisplayName || sp.displayName || sp.appId,
        scopes: [],
        firstSeenAt: session.now,
        lastSeenAt: session.now,
      })),
    );

    await microsoft365Seats(session);

    // Sign-ins since the last pass (newest first): `latest` becomes the next `since` once the pass ends.
    await session.step('sign_ins', async (cursor, save) => {
      const since =
        cursor.since ?? new Date(session.now.getTime() - FIRST_READ_DAYS * 24 * 60 * 60 * 1000).toISOString();
      let link = cursor.pageToken ?? null;
      let latest = cursor.latest ?? since;
      do {
        const page = link
          ? await session.api.get<GraphPage<GraphSignIn>>(link, {})
          : await session.api.get<GraphPage<GraphSignIn>>('/v1.0/auditLogs/signIns', {
              $filter: `createdDateTime ge ${since}`,
              $top: SIGN_INS_PAGE,
            });
        const items = page.value ?? [];
        const { events, apps } = readSignIns(items);
        await session.activity(events);
        await session.applications(apps);
        session.count('pages');
        session.count('events', items.length);
        for (const item of items) {
          const at = new Date(item.createdDateTime).toISOString();
          if (at > latest) latest = at;
        }
        link = page['@odata.nextLink'] ?? null;
        await save(
          link ? { since, pageToken: link, latest } : { since: latest, pageToken: null, latest: null },
        );
      } while (link);
    });
  },
};

/**
 * Microsoft 365 and Office 365 suites by SKU part number (Microsoft's "Product names and service plan
 * identifiers for licensing"): their seats are Microsoft 365's; add-ons and free SKUs are not.
 */
const MICROSOFT_365_SKU =
  /^(SPE_|SPB$|M365_|MICROSOFT_365_|O365_|OFFICE_365_|SMB_BUSINESS|STANDARDPACK$|ENTERPRISEPACK|ENTERPRISEPREMIUM|DESKLESSPACK|OFFICESUBSCRIPTION)/i;

/**
 * Microsoft 365 seats: purchased = the enabled prepaid units of the suites the tenant subscribes to,
 * holders = users with one of them assigned. Read whole each run (one SKU list, one user pass): a
 * resumed run reads it again.
 */
async function microsoft365Seats(session: SyncSession) {
  await session.step('licenses', async () => {
    const skus =
      (await session.api.get<GraphPage<GraphSubscribedSku>>('/v1.0/subscribedSkus', {})).value ?? [];
    const suites = skus.filter(
      (s) => MICROSOFT_365_SKU.test(s.skuPartNumber) && s.capabilityStatus !== 'Suspended',
    );
    session.count('pages');
    if (suites.length === 0) return;
    const suiteIds = new Set(suites.map((s) => s.skuId));
    const holders: string[] = [];
    let link: string | null = null;
    do {
      const page: GraphPage<GraphUser> = link
        ? await session.api.get<GraphPage<GraphUser>>(link, {})
        : await session.api.get<GraphPage<GraphUser>>('/v1.0/users', {
            $select: 'id,mail,userPrincipalName,assignedLicenses',
            $top: USERS_PAGE,
          });
      for (const user of page.value ?? [])
        if (user.assignedLicenses?.some((l) => suiteIds.has(l.skuId))) holders.push(emailOf(user));
      session.count('pages');
      link = page['@odata.nextLink'] ?? null;
    } while (link);
    await session.seats({
      catalogSlug: 'microsoft-365',
      productName: 'Microsoft 365',
      purchased: suites.reduce((n, s) => n + (s.prepaidUnits?.enabled ?? 0), 0),
      assigned: holders,
    });
  });
}

/**
 * When grants were given: the directory audit log's "Consent to application" records (List
 * directoryAudits; kept 30 days), the earliest per service principal (targetResources[0]) and per
 * service principal and consenting user (initiatedBy.user). Read whole each run: a resumed run needs it.
 */
async function consentDates(session: SyncSession) {
  const dates = new Map<string, Date>();
  const keep = (key: string, at: Date) => {
    const known = dates.get(key);
    if (!known || at < known) dates.set(key, at);
  };
  let link: string | null = null;
  do {
    const page: GraphPage<GraphDirectoryAudit> = link
      ? await session.api.get<GraphPage<GraphDirectoryAudit>>(link, {})
      : await session.api.get<GraphPage<GraphDirectoryAudit>>('/v1.0/auditLogs/directoryAudits', {
          $filter: "activityDisplayName eq 'Consent to application'",
          $top: AUDITS_PAGE,
        });
    for (const audit of page.value ?? []) {
      const sp = audit.targetResources?.[0]?.id;
      if (!sp || (audit.result && audit.result !== 'success')) continue;
      const at = new Date(audit.activityDateTime);
      keep(sp, at);
      const user = audit.initiatedBy?.user?.id;
      if (user) keep(`${sp} ${user}`, at);
    }
    session.count('pages');
    link = page['@odata.nextLink'] ?? null;
  } while (link);
  return dates;
}

/** The person fields read for each user (the delta query keeps the first request's $select). */
const USER_FIELDS =
  'id,displayName,givenName,surname,mail,userPrincipalName,department,jobTitle,accountEnabled';

/** Graph's answer to a delta link it no longer keeps (410 Gone, `syncStateNotFound` / `resyncRequired`). */
const isExpiredDelta = (error: unknown) => error instanceof ProviderError && error.status === 410;

/**
 * People through the delta query ("Use delta query to track changes in Microsoft Graph data",
 * "user: delta"). The first pass reads every user (whole records); its `@odata.deltaLink` is kept,
 * and later syncs follow it for the changes only. A changed user comes with "at least its updated
 * properties", so its whole record is read again by id; `@removed` ones are offboarded. An expired
 * delta link starts a full pass over. After a full pass, the recycle bin is read for deletions the
 * full pass cannot show.
 */
async function directoryUsers(session: SyncSession) {
  await session.step('users', async (cursor, save) => {
    let full = !cursor.deltaLink || cursor.gathered?.full === true;
    let link = cursor.pageToken ?? cursor.deltaLink ?? null;
    const seen = new Map<string, string>();
    for (;;) {
      let page: GraphPage<GraphDeltaUser>;
      try {
        page = link
          ? await session.api.get<GraphPage<GraphDeltaUser>>(link, {})
          : await session.api.get<GraphPage<GraphDeltaUser>>('/v1.0/users/delta', {
              $select: USER_FIELDS,
              $expand: 'manager',
            });
      } catch (error) {
        if (!link || !isExpiredDelta(error)) throw error;
        full = true;
        link = null;
        await save({ pageToken: null, deltaLink: null, gathered: { full } });
        continue;
      }
      const items = page.value ?? [];
      const removed = items.filter((u) => u['@removed']);
      const changed = items.filter((u) => !u['@removed']);
      await session.removedPeople(removed.map((u) => ({ externalId: u.id, email: '' })));
      if (full) {
        for (const user of changed) if (user.userPrincipalName) seen.set(user.id, emailOf(user as GraphUser));
        await session.people(await withManagers(session, changed, seen));
      } else {
        await session.people(
          (
            await usersById(
              session,
              changed.map((u) => u.id),
            )
          ).map(personOf),
        );
      }
      session.count('pages');
      const next = page['@odata.nextLink'] ?? null;
      if (next) {
        link = next;
        await save({ pageToken: next, deltaLink: cursor.deltaLink ?? null, gathered: { full } });
        continue;
      }
      if (full) await recycledUsers(session);
      await save({ pageToken: null, deltaLink: page['@odata.deltaLink'] ?? null, gathered: null });
      return;
    }
  });
}

/** A full pass's users as people, their manager (`manager@delta`: an id) named by e-mail. */
async function withManagers(session: SyncSession, users: GraphDeltaUser[], seen: Map<string, string>) {
  const managerOf = (u: GraphDeltaUser) => u['manager@delta']?.find((m) => !m['@removed'])?.id ?? null;
  const unknown = [...new Set(users.flatMap((u) => managerOf(u) ?? []))].filter((id) => !seen.has(id));
  for (const [id, email] of await userEmails(session, unknown)) seen.set(id, email);
  return users.map((user) => {
    const manager = managerOf(user);
    return {
      ...personOf(user as GraphUser),
      managerEmail: manager ? (seen.get(manager) ?? null) : null,
    };
  });
}

/** Users deleted in the last 30 days (the recycle bin): offboarded. */
async function recycledUsers(session: SyncSession) {
  let link: string | null = null;
  do {
    const page: GraphPage<GraphUser> = link
      ? await session.api.get<GraphPage<GraphUser>>(link, {})
      : await session.api.get<GraphPage<GraphUser>>('/v1.0/directory/deletedItems/microsoft.graph.user', {
          $select: 'id,mail,userPrincipalName,deletedDateTime',
          $top: USERS_PAGE,
        });
    const users = page.value ?? [];
    await session.removedPeople(users.map((u) => ({ externalId: u.id, email: emailOf(u) })));
    session.count('pages');
    link = page['@odata.nextLink'] ?? null;
  } while (link);
}

/** Whole user records by id (with the manager's e-mail), 15 at a time (Graph's `in` filter limit). */
async function usersById(session: SyncSession, ids: string[]) {
  const users: GraphUser[] = [];
  for (let i = 0; i < ids.length; i += 15) {
    const page = await session.api.get<GraphPage<GraphUser>>('/v1.0/users', {
      $filter: idFilter(ids.slice(i, i + 15)),
      $select: USER_FIELDS,
      $expand: 'manager($select=mail)',
    });
    users.push(...(page.value ?? []));
    session.count('pages');
  }
  return users;
}

const idFilter = (ids: string[]) => `id in (${ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(',')})`;

/** E-mails of users by id. */
async function userEmails(session: SyncSession, ids: string[]) {
  return new Map((await usersById(session, ids)).map((user) => [user.id, emailOf(user)] as const));
}
