// Sending one schedule's report for one period, exactly once: the delivery row is claimed first
// (unique per organization, schedule and period), and only the claimant renders, stores and mails.
// While it works it keeps the row's heartbeat fresh; a row whose heartbeat stopped (its server was
// killed) is taken over, and the recipients already mailed are skipped.
import type { ReportKey } from '../../../common/contracts/reports';
import type { ReportPeriod } from '../../../common/report-periods';
import type { MailAttachment } from '../../db/schema';
import { systemContext } from '../../lib/acting-context';
import type { OrganizationRow, RequestContext, ServiceDeps } from '../../types';
import { listOrganizationMembers } from '../organizations';
import type { RenderedReport } from '../reports';
import { scheduledReportMail } from './delivery-mail';
import {
  addDeliveryRecipient,
  beatDelivery,
  claimDelivery,
  finishDelivery,
  reclaimDelivery,
  type ReportDeliveryRow,
  type ReportScheduleRow,
} from './report-schedules.repo';

/** The reports module's `renderReport`, passed in so the job can be tested with a fake one. */
export type RenderReport = (
  deps: ServiceDeps,
  ctx: RequestContext,
  key: ReportKey,
  range: { from?: string; to?: string },
  format: 'pdf' | 'xlsx',
) => Promise<RenderedReport>;

interface Recipient {
  email: string;
  firstName: string | null;
}

type Members = Awaited<ReturnType<typeof listOrganizationMembers>>;

/** Current members chosen (those who left are skipped) and outside addresses, each address once. */
function recipientsOf(schedule: ReportScheduleRow, members: Members): Recipient[] {
  const byId = new Map(members.map((m) => [m.userId, m]));
  const seen = new Set<string>();
  const out: Recipient[] = [];
  const add = (email: string, firstName: string | null) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ email, firstName });
  };
  for (const id of schedule.recipients.memberIds) {
    const member = byId.get(id);
    if (member) add(member.email, member.firstName);
  }
  for (const email of schedule.recipients.emails) add(email, null);
  return out;
}

/** Who the report is rendered as: the schedule's author while a member, else an owner. */
function renderingContext(
  org: OrganizationRow,
  schedule: ReportScheduleRow,
  members: Members,
  now: Date,
): RequestContext {
  const author = members.find((m) => m.userId === schedule.createdBy);
  const owner = members.find((m) => m.role === 'owner') ?? members[0];
  const as = author ?? owner;
  return {
    ...systemContext(org.id, 'scheduled report', now),
    userId: as?.userId ?? schedule.createdBy ?? org.id,
    role: as?.role ?? 'owner',
    org,
  };
}

async function store(
  deps: ServiceDeps,
  orgId: string,
  deliveryId: string,
  extension: string,
  rendered: RenderedReport,
): Promise<MailAttachment> {
  if (!rendered.body) throw new Error(`The report could not be rendered as ${extension.toUpperCase()}`);
  const storageKey = `${orgId}/report-deliveries/${deliveryId}.${extension}`;
  await deps.storage.put(storageKey, rendered.body, { contentType: rendered.contentType });
  return { filename: rendered.filename, contentType: rendered.contentType, storageKey };
}

const errorMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** How often a sending says it is alive (well within STALE_SENDING_MS). */
const HEARTBEAT_MS = 15_000;

/**
 * Claims, renders and sends the schedule's report for `period`. Answers the delivery row, or null
 * when another caller holds the period (sent, or being sent by a live server). A sending a killed
 * server left 'sending' is taken over; `retryFailed` also re-claims a failed one (an owner's "send
 * now"): the daily job leaves failures to people.
 */
export async function deliverPeriod(
  deps: ServiceDeps,
  render: RenderReport,
  org: OrganizationRow,
  schedule: ReportScheduleRow,
  period: ReportPeriod,
  options: { retryFailed?: boolean } = {},
): Promise<ReportDeliveryRow | null> {
  const claimed =
    (await claimDelivery(deps.db, schedule, period, deps.clock.now())) ??
    (await reclaimDelivery(deps.db, schedule, period.key, deps.clock.now(), { failed: options.retryFailed }));
  if (!claimed) return null;
  const beat = setInterval(() => {
    beatDelivery(deps.db, org.id, claimed.id, deps.clock.now()).catch((error: unknown) =>
      deps.log.warn({ err: errorMessage(error) }, 'Report sending heartbeat failed'),
    );
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    const members = await listOrganizationMembers(deps.db, org.id);
    const recipients = recipientsOf(schedule, members);
    if (recipients.length === 0)
      throw new Error('No recipient: the members chosen have left the organization');
    const ctx = renderingContext(org, schedule, members, deps.clock.now());
    const range = { from: period.from, to: period.to };
    const pdf = await render(deps, ctx, schedule.reportKey, range, 'pdf');
    const attachments = [await store(deps, org.id, claimed.id, 'pdf', pdf)];
    if (schedule.attachXlsx) {
      const xlsx = await render(deps, ctx, schedule.reportKey, range, 'xlsx');
      attachments.push(await store(deps, org.id, claimed.id, 'xlsx', xlsx));
    }
    // Those an earlier, interrupted attempt handed to the outbox already have it.
    const mailed = new Set(claimed.recipients.map((email) => email.toLowerCase()));
    for (const recipient of recipients) {
      if (mailed.has(recipient.email.toLowerCase())) continue;
      const mail = scheduledReportMail({
        scheduleName: schedule.name,
        document: pdf.document,
        appUrl: deps.env.APP_URL,
        firstName: recipient.firstName,
        withWorkbook: schedule.attachXlsx,
      });
      // A failed SMTP send stays in the outbox, which retries it with the same attachments.
      await deps.mailer.send({ to: recipient.email, ...mail, attachments, organizationId: org.id });
      await addDeliveryRecipient(deps.db, org.id, claimed.id, recipient.email);
    }
    return await finishDelivery(deps.db, org.id, claimed.id, {
      status: 'sent',
      sentAt: deps.clock.now(),
      recipients: recipients.map((r) => r.email),
      attachmentKey: attachments[0].storageKey,
      error: null,
    });
  } catch (error) {
    deps.log.warn({ err: errorMessage(error), scheduleId: schedule.id }, 'Scheduled report failed');
    return finishDelivery(deps.db, org.id, claimed.id, { status: 'failed', error: errorMessage(error) });
  } finally {
    clearInterval(beat);
  }
}
