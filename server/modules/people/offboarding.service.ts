import { displayName } from '../../../common/display-name';
import { publishEvent } from '../../lib/events/publish';
import { todayInTimeZone } from '../../../common/dates';
import { totalsByCurrency } from '../../../common/licenses';
import { formatMoney } from '../../../common/money';
import type { Tx } from '../../db/client';
import { actionMail } from '../../email/templates';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import {
  type OpenLicenseRow,
  closeAssignments,
  openLicensesOfPeople,
  presentPersonLicense,
} from '../licenses';
import { notifyOnce } from '../notifications';
import * as repo from './people.repo';
import { getPerson } from './people.service';

/** What offboarding this person would free: their open seats with yearly cost and each owner. */
export async function offboardingPreview(deps: ServiceDeps, ctx: RequestContext, personId: string) {
  const person = await getPerson(deps, ctx, personId);
  const now = deps.clock.now();
  const rows = await openLicensesOfPeople(deps.db, ctx.orgId, [personId]);
  const assignments = rows.map((row) => ({
    ...presentPersonLicense(row, now, ctx.org.licenseInactivityDays),
    ownerName: row.ownerEmail
      ? displayName({ firstName: row.ownerFirstName, lastName: row.ownerLastName, email: row.ownerEmail })
      : null,
  }));
  return {
    person,
    assignments,
    yearlyCosts: totalsByCurrency(
      assignments.map((a) => ({ currency: a.currency, amountMinor: a.yearlyCostMinor })),
    ),
  };
}

interface OwnerMail {
  to: string;
  ownerName: string;
  personName: string;
  appName: string;
  tiers: string[];
  yearly: string;
}

/** Inside a transaction: marks the person offboarded, closes their seats, notifies per application. */
async function offboardInTx(
  tx: Tx,
  deps: ServiceDeps,
  ctx: RequestContext,
  person: repo.PersonRow,
  endDate: string,
): Promise<{ unassigned: OpenLicenseRow[]; mails: OwnerMail[] }> {
  const now = deps.clock.now();
  const held = await openLicensesOfPeople(tx, ctx.orgId, [person.id]);
  await repo.updatePerson(tx, ctx.orgId, person.id, {
    status: 'offboarded',
    endDate: person.status === 'offboarded' && person.endDate ? person.endDate : endDate,
    updatedAt: now,
  });
  const closed = new Set(
    (
      await closeAssignments(
        tx,
        ctx.orgId,
        held.map((h) => h.id),
        now,
        'offboarding',
      )
    ).map((r) => r.id),
  );
  const unassigned = held.filter((h) => closed.has(h.id));
  await publishEvent(tx, ctx.orgId, 'person.offboarded', { personId: person.id }, now);
  await recordAudit(tx, ctx, {
    action: 'person.offboard',
    entityType: 'person',
    entityId: person.id,
    changes: {
      status: { from: person.status, to: 'offboarded' },
      endDate,
      unassigned: unassigned.map((u) => u.id),
    },
  });
  const name = displayName(person);
  const byApp = new Map<string, OpenLicenseRow[]>();
  for (const seat of unassigned)
    byApp.set(seat.subscriptionId, [...(byApp.get(seat.subscriptionId) ?? []), seat]);
  const mails: OwnerMail[] = [];
  for (const seats of byApp.values()) {
    const app = seats[0];
    const yearlyMinor = seats.reduce(
      (sum, s) => sum + presentPersonLicense(s, now, ctx.org.licenseInactivityDays).yearlyCostMinor,
      0,
    );
    const yearly = formatMoney(yearlyMinor, app.currency);
    const tiers = seats.map((s) => s.tierName);
    await notifyOnce(
      tx,
      {
        organizationId: ctx.orgId,
        type: 'other',
        priority: 'medium',
        title: `${name} was offboarded: ${app.subscriptionName} seat freed`,
        message: `${name}'s ${tiers.join(', ')} seat${seats.length > 1 ? 's' : ''} (${yearly} a year) ${seats.length > 1 ? 'were' : 'was'} unassigned. Reassign ${seats.length > 1 ? 'them' : 'it'} or lower the seat count before the renewal.`,
        subscriptionId: app.subscriptionId,
        actionUrl: '/app/licenses',
        actionText: 'Review licenses',
        dedupeKey: `offboarding:${app.id}`,
      },
      now,
    );
    if (app.ownerEmail) {
      mails.push({
        to: app.ownerEmail,
        ownerName: app.ownerFirstName ?? '',
        personName: name,
        appName: app.subscriptionName,
        tiers,
        yearly,
      });
    }
  }
  return { unassigned, mails };
}

async function sendOwnerMails(deps: ServiceDeps, ctx: RequestContext, mails: OwnerMail[]) {
  for (const mail of mails) {
    const rendered = actionMail({
      subject: `${mail.personName} was offboarded: a ${mail.appName} seat is free`,
      greeting: `Hi ${mail.ownerName || 'there'},`,
      paragraphs: [
        `${mail.personName} was offboarded in ${ctx.org.name}, so their ${mail.appName} seat (${mail.tiers.join(', ')}) was unassigned in Stackwise. It costs ${mail.yearly} a year.`,
        `Remove their account in ${mail.appName}, then give the seat to someone who needs it or lower the seat count before the next renewal.`,
      ],
      actionText: 'Review licenses',
      actionUrl: `${deps.env.APP_URL.replace(/\/$/, '')}/app/licenses`,
    });
    try {
      await deps.mailer.send({ ...rendered, to: mail.to, organizationId: ctx.orgId });
    } catch (error) {
      // The offboarding is committed; a failed e-mail stays in the outbox for the retry job.
      deps.log.warn({ err: error }, 'Could not send the offboarding e-mail');
    }
  }
}

/** Offboards one person: every open seat is unassigned and each application's owner is told. */
export async function offboardPerson(
  deps: ServiceDeps,
  ctx: RequestContext,
  personId: string,
  input: { endDate?: string },
) {
  const [person] = await repo.findPeopleByIds(deps.db, ctx.orgId, [personId]);
  if (!person) throw notFound('Person');
  const endDate = input.endDate ?? todayInTimeZone(deps.clock.now());
  const result = await deps.db.transaction((tx) => offboardInTx(tx, deps, ctx, person, endDate));
  await sendOwnerMails(deps, ctx, result.mails);
  const now = deps.clock.now();
  return {
    person: await getPerson(deps, ctx, personId),
    unassigned: result.unassigned.length,
    yearlyCostsFreed: totalsByCurrency(
      result.unassigned.map((row) => {
        const seat = presentPersonLicense(row, now, ctx.org.licenseInactivityDays);
        return { currency: seat.currency, amountMinor: seat.yearlyCostMinor };
      }),
    ),
    notifiedOwners: new Set(result.mails.map((m) => m.to)).size,
  };
}

/** Confirms the offboarding candidates of a full import (or any list of people) in one go. */
export async function offboardMany(deps: ServiceDeps, ctx: RequestContext, personIds: string[]) {
  const ids = [...new Set(personIds)];
  const found = await repo.findPeopleByIds(deps.db, ctx.orgId, ids);
  if (found.length !== ids.length) throw notFound('Person');
  const endDate = todayInTimeZone(deps.clock.now());
  const results = await deps.db.transaction(async (tx) => {
    const all = [];
    for (const person of found) all.push(await offboardInTx(tx, deps, ctx, person, endDate));
    return all;
  });
  await sendOwnerMails(
    deps,
    ctx,
    results.flatMap((r) => r.mails),
  );
  return { offboarded: found.length, unassigned: results.reduce((n, r) => n + r.unassigned.length, 0) };
}
