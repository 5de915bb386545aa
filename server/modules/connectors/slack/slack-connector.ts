// Slack: the workspace's seats (billable members) from the Web API, installed through OAuth v2 by a
// workspace admin. Slack does not create people (the directory belongs to the identity provider):
// its members are matched to People by e-mail.
//   users.list (docs.slack.dev/reference/methods/users.list): GET /users.list?limit=200&cursor=…,
//     answers { ok, members: [User], response_metadata: { next_cursor } } (an empty cursor ends).
//   team.billableInfo (docs.slack.dev/reference/methods/team.billableInfo): GET
//     /team.billableInfo?limit&cursor, answers { ok, billable_info: { [userId]: { billing_active } } }.
//     Its scope is the user scope `admin`: the app asks for user scopes, and the installing admin's
//     user token (oauth.v2.access `authed_user.access_token`) is the one stored.
//   Errors (docs.slack.dev/apis/web-api/#responses): HTTP 200 with { ok: false, error }; rate limits
//     (docs.slack.dev/apis/web-api/rate-limits) HTTP 429 with Retry-After, or `ratelimited`.
//
//   team.accessLogs (docs.slack.dev/reference/methods/team.accessLogs): GET ?count (≤ 1000)&page
//     (≤ 100)&before (Unix seconds, inclusive), answers { ok, logins: [{ user_id, username, date_first,
//     date_last, count, ip, user_agent, … }], paging: { count, total, page, pages } }, the latest
//     access first; `admin` user scope; a free workspace answers `paid_only`.
//
// Seats: purchased = assigned = members Slack bills (billing_active: under Slack's Fair Billing
// Policy a member is billed only while active, and a member inactive past Slack's window stops
// holding a paid seat). Deleted (deactivated) members, bots and members without an e-mail hold
// none. A seat's last use is its holder's latest access in team.accessLogs; on a plan without
// access logs (`paid_only`) it is left unknown, not guessed. admin.analytics.getFile (per-member
// last activity) is Enterprise Grid only and answers a gzip file: not read.
import type { Env } from '../../../env';
import type { Connector, StepCursor, SyncSession } from '../connector';
import { type AnswerCheck, ProviderError } from '../provider-http';

/** User scopes (a user token): users.list with e-mails, the team, and billable info (admin). */
export const SLACK_USER_SCOPES = ['users:read', 'users:read.email', 'team:read', 'admin'];
const PAGE = 200;
/** team.accessLogs: its largest page, and the most pages one `before` window serves. */
const ACCESS_PAGE = 1000;
const ACCESS_MAX_PAGES = 100;

export interface SlackMember {
  id: string;
  team_id?: string;
  name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  /** Unix seconds of the last change to the member. */
  updated?: number;
  profile?: { email?: string; real_name?: string; first_name?: string; last_name?: string };
}
interface UsersListAnswer {
  ok: true;
  members?: SlackMember[];
  response_metadata?: { next_cursor?: string };
}
interface AccessLogsAnswer {
  ok: true;
  logins?: Array<{ user_id?: string; date_first?: number; date_last?: number }>;
  paging?: { page?: number; pages?: number };
}
interface BillableAnswer {
  ok: true;
  billable_info?: Record<string, { billing_active?: boolean }>;
  response_metadata?: { next_cursor?: string };
}

/** Slack's errors that mean the authorization is gone (needs a new install). */
const RECONNECT = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'account_inactive',
  'no_permission',
]);

export const slackAnswerError: AnswerCheck = (body) => {
  const answer = body as { ok?: boolean; error?: string } | null;
  if (!answer || answer.ok !== false) return null;
  const error = answer.error ?? 'unknown_error';
  if (RECONNECT.has(error)) return { kind: 'reconnect', message: error };
  if (error === 'token_expired') return { kind: 'expired', message: error };
  if (error === 'ratelimited') return { kind: 'busy', message: error };
  return { kind: 'error', message: error };
};

/** A member who can hold a seat: a person (not a bot or app), not deactivated, with an address. */
export function seatHolder(member: SlackMember): string | null {
  if (member.deleted || member.is_bot || member.is_app_user || member.id === 'USLACKBOT') return null;
  return member.profile?.email?.toLowerCase() || null;
}

interface Gathered {
  phase: 'members' | 'billable' | 'access';
  /** Slack user id → e-mail of members who can hold a seat. */
  members: Record<string, string>;
  /** Billing-active user ids. */
  billable: string[];
  /** Slack user id → their latest access read so far (Unix seconds). */
  lastAccess?: Record<string, number>;
  /** Where the access logs' reading resumes: the page, and the `before` of its window. */
  access?: { page: number; before: number | null };
}

/**
 * Reads team.accessLogs (latest first) until every seat holder's latest access is known or the logs
 * end; past Slack's 100 pages it goes on before the oldest access read. Answers false on a plan
 * without access logs.
 */
async function readAccessLogs(
  session: SyncSession,
  gathered: Gathered,
  holders: string[],
  saveAt: () => Promise<void>,
): Promise<boolean> {
  const lastAccess = (gathered.lastAccess ??= {});
  let at = gathered.access ?? { page: 1, before: null };
  while (holders.some((id) => lastAccess[id] === undefined)) {
    let answer: AccessLogsAnswer;
    try {
      answer = await session.api.get<AccessLogsAnswer>('team.accessLogs', {
        count: ACCESS_PAGE,
        page: at.page,
        before: at.before,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.reason === 'paid_only') return false;
      throw error;
    }
    let oldest = Infinity;
    for (const login of answer.logins ?? []) {
      if (!login.user_id || !login.date_last) continue;
      lastAccess[login.user_id] = Math.max(lastAccess[login.user_id] ?? 0, login.date_last);
      oldest = Math.min(oldest, login.date_last);
    }
    session.count('pages');
    const pages = answer.paging?.pages ?? at.page;
    if (at.page < Math.min(pages, ACCESS_MAX_PAGES)) at = { ...at, page: at.page + 1 };
    // The window's last page with more beyond it: the next window ends before the oldest read.
    else if (pages > ACCESS_MAX_PAGES && oldest < (at.before ?? Infinity))
      at = { page: 1, before: oldest - 1 };
    else break;
    gathered.access = at;
    await saveAt();
  }
  return true;
}

export const slack: Connector = {
  provider: 'slack',
  auth: 'oauth',
  ownCatalogSlug: 'slack',
  oauth(env: Env) {
    if (!env.SLACK_OAUTH_CLIENT_ID || !env.SLACK_OAUTH_CLIENT_SECRET) return null;
    return {
      authorizeUrl: env.SLACK_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.SLACK_OAUTH_TOKEN_URL,
      clientId: env.SLACK_OAUTH_CLIENT_ID,
      clientSecret: env.SLACK_OAUTH_CLIENT_SECRET,
      // Slack's authorize page takes bot scopes in `scope` and user scopes in `user_scope`, comma-separated.
      scopes: [],
      scopeSeparator: ',',
      authorizeParams: { user_scope: SLACK_USER_SCOPES.join(',') },
    };
  },
  apiBaseUrl: (env: Env) => env.SLACK_API_BASE_URL.replace(/\/?$/, '/'),
  answerError: slackAnswerError,
  async sync(session) {
    // One pass: members, billable info, access logs, then the seats (they need the lists whole). What the
    // pages gathered is saved with the cursor, so a crash resumes at the page it was reading.
    await session.step('seats', async (cursor, save) => {
      const gathered: Gathered = (cursor.gathered as Gathered | null | undefined) ?? {
        phase: 'members',
        members: {},
        billable: [],
      };
      let pageToken = cursor.pageToken ?? null;
      const saveAt = (next: string | null) =>
        save({ ...cursor, pageToken: next, gathered: gathered as unknown as StepCursor['gathered'] });
      if (gathered.phase === 'members') {
        do {
          const page = await session.api.get<UsersListAnswer>('users.list', {
            limit: PAGE,
            cursor: pageToken,
          });
          for (const member of page.members ?? []) {
            const email = seatHolder(member);
            if (email) gathered.members[member.id] = email;
          }
          session.count('pages');
          pageToken = page.response_metadata?.next_cursor || null;
          if (!pageToken) gathered.phase = 'billable';
          await saveAt(pageToken);
        } while (pageToken);
      }
      if (gathered.phase === 'billable') {
        do {
          const page = await session.api.get<BillableAnswer>('team.billableInfo', {
            limit: PAGE,
            cursor: pageToken,
          });
          for (const [id, info] of Object.entries(page.billable_info ?? {}))
            if (info.billing_active) gathered.billable.push(id);
          session.count('pages');
          pageToken = page.response_metadata?.next_cursor || null;
          if (!pageToken) gathered.phase = 'access';
          await saveAt(pageToken);
        } while (pageToken);
      }
      const holderIds = [...new Set(gathered.billable.filter((id) => gathered.members[id]))];
      const logged = await readAccessLogs(session, gathered, holderIds, () => saveAt(null));
      const holders = [...new Set(holderIds.map((id) => gathered.members[id]))];
      await session.seats({
        catalogSlug: 'slack',
        productName: 'Slack',
        purchased: holders.length,
        assigned: holders,
        lastUse: logged
          ? holderIds.flatMap((id) => {
              const seconds = gathered.lastAccess?.[id];
              return seconds ? [{ email: gathered.members[id], at: new Date(seconds * 1000) }] : [];
            })
          : undefined,
      });
      // The next run starts from nothing.
      await save({ pageToken: null, gathered: null });
    });
  },
};
