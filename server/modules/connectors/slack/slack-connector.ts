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
// Seats: purchased = assigned = members Slack bills (billing_active: under Slack's Fair Billing
// Policy a member is billed only while active, so billing-active members are also the active ones,
// and a member inactive past Slack's window stops holding a paid seat). Deleted (deactivated)
// members, bots and members without an e-mail hold none. admin.analytics.getFile (per-member last
// activity) is Enterprise Grid only and answers a gzip file: not read; team.billableInfo alone is
// the source.
import type { Env } from '../../../env';
import type { Connector, StepCursor } from '../connector';
import type { AnswerCheck } from '../provider-http';

/** User scopes (a user token): users.list with e-mails, the team, and billable info (admin). */
export const SLACK_USER_SCOPES = ['users:read', 'users:read.email', 'team:read', 'admin'];
const PAGE = 200;

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
  phase: 'members' | 'billable';
  /** Slack user id → e-mail of members who can hold a seat. */
  members: Record<string, string>;
  /** Billing-active user ids. */
  billable: string[];
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
    // One pass: members, then billable info, then the seats (they need both lists whole). What the
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
      do {
        const page = await session.api.get<BillableAnswer>('team.billableInfo', {
          limit: PAGE,
          cursor: pageToken,
        });
        for (const [id, info] of Object.entries(page.billable_info ?? {}))
          if (info.billing_active) gathered.billable.push(id);
        session.count('pages');
        pageToken = page.response_metadata?.next_cursor || null;
        await saveAt(pageToken);
      } while (pageToken);
      const holders = [
        ...new Set(gathered.billable.flatMap((id) => (gathered.members[id] ? [gathered.members[id]] : []))),
      ];
      await session.seats({
        catalogSlug: 'slack',
        productName: 'Slack',
        purchased: holders.length,
        assigned: holders,
        active: holders,
      });
      // The next run starts from nothing.
      await save({ pageToken: null, gathered: null });
    });
  },
};
