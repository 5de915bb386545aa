import type { z } from 'zod';
import { cancelByDate } from '../../../common/billing';
import type {
  contractInputBody,
  contractListQuery,
  renewContractBody,
  updateContractBody,
} from '../../../common/contracts/contracts';
import { LIVE_CONTRACT_STATUSES } from '../../../common/contracts/contracts';
import { successorTerms } from '../../../common/contract-terms';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { AppError, badRequest, notFound } from '../../errors';
import type { Tx } from '../../db/client';
import type { RequestContext, ServiceDeps } from '../../types';
import type { ActingContext } from '../../lib/acting-context';
import {
  type AuditEvent,
  collectAuditSteps,
  diffChanges,
  foldSteps,
  recordAudit,
  withSteps,
} from '../../lib/audit';
import { findSubscription } from '../subscriptions';
import { followLiveContractAudited, renewContractRow } from './contract-lifecycle';
import * as repo from './contracts.repo';
import { removeStoredFiles } from './documents.service';

type ListedContract = Awaited<ReturnType<typeof repo.listContracts>>[number];

function present(row: ListedContract, documents: repo.DocumentRow[]) {
  const c = row.contract;
  return {
    ...c,
    subscriptionName: row.subscriptionName,
    replacedByContractId: row.replacedByContractId,
    cancelByDate: cancelByDate(c.endDate, c.noticePeriodDays),
    priceIncreaseCapPct: c.priceIncreaseCapBps === null ? null : c.priceIncreaseCapBps / 100,
    documents: documents.filter((d) => d.contractId === c.id),
  };
}

async function presentAll(deps: ServiceDeps, orgId: string, rows: ListedContract[]) {
  const documents = await repo.listDocuments(
    deps.db,
    orgId,
    rows.map((r) => r.contract.id),
  );
  return rows.map((row) => present(row, documents));
}

export async function listContracts(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.output<typeof contractListQuery>,
) {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.listContracts(deps.db, ctx.orgId, {
    subscriptionId: query.subscriptionId,
    status: query.status,
    ending:
      query.endingWithinDays === undefined
        ? undefined
        : { from: today, until: addDays(today, query.endingWithinDays) },
  });
  return presentAll(deps, ctx.orgId, rows);
}

export async function listForSubscription(deps: ServiceDeps, ctx: RequestContext, subscriptionId: string) {
  if (!(await findSubscription(deps.db, ctx.orgId, subscriptionId))) throw notFound('Application');
  return presentAll(deps, ctx.orgId, await repo.listContracts(deps.db, ctx.orgId, { subscriptionId }));
}

export async function getContract(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await repo.findContract(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Contract');
  const [contract] = await presentAll(deps, ctx.orgId, [row]);
  return contract;
}

/**
 * One click, one audit row: the contract change, with the application following the live contract
 * (its renewal date, auto-renew, notice period) as a step, as renewing does.
 */
async function recordFollowingApplication(
  tx: Tx,
  ctx: ActingContext,
  event: AuditEvent & { entityId: string },
  subscriptionId: string,
) {
  const { steps } = await collectAuditSteps(ctx, (acting) =>
    followLiveContractAudited(tx, acting, subscriptionId, event.entityId),
  );
  await recordAudit(tx, ctx, { ...event, changes: withSteps(event.changes ?? {}, steps) });
}

const capBps = (pct: number | null | undefined) =>
  pct === undefined ? undefined : pct === null ? null : Math.round(pct * 100);

export async function createContract(
  deps: ServiceDeps,
  ctx: RequestContext,
  subscriptionId: string,
  input: z.output<typeof contractInputBody>,
) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const sub = await findSubscription(tx, ctx.orgId, subscriptionId);
    if (!sub) throw notFound('Application');
    const { priceIncreaseCapPct, ...fields } = input;
    const row = await repo.insertContract(tx, {
      ...fields,
      organizationId: ctx.orgId,
      subscriptionId,
      currency: input.currency ?? sub.currency,
      priceIncreaseCapBps: capBps(priceIncreaseCapPct),
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    const event = {
      action: 'contract.create',
      entityType: 'contract',
      entityId: row.id,
      changes: { subscriptionId, title: row.title, startDate: row.startDate, endDate: row.endDate },
    };
    await recordFollowingApplication(tx, { ...ctx, now }, event, subscriptionId);
    return row.id;
  });
  return getContract(deps, ctx, id);
}

export async function updateContract(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof updateContractBody>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findContract(tx, ctx.orgId, id);
    if (!existing) throw notFound('Contract');
    const before = existing.contract;
    const startDate = input.startDate ?? before.startDate;
    const endDate = input.endDate ?? before.endDate;
    if (endDate < startDate) {
      throw new AppError('validation_error', 'The end date must not be before the start date', {
        fields: [{ field: 'endDate', message: 'The end date must not be before the start date' }],
      });
    }
    const { priceIncreaseCapPct, ...fields } = input;
    const values = { ...fields, priceIncreaseCapBps: capBps(priceIncreaseCapPct) };
    await repo.updateContract(tx, ctx.orgId, id, { ...values, updatedAt: now });
    const event = {
      action: 'contract.update',
      entityType: 'contract',
      entityId: id,
      changes: diffChanges(before, values),
    };
    await recordFollowingApplication(tx, { ...ctx, now }, event, before.subscriptionId);
  });
  return getContract(deps, ctx, id);
}

export async function deleteContract(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const now = deps.clock.now();
  const documents = await deps.db.transaction(async (tx) => {
    const existing = await repo.findContract(tx, ctx.orgId, id);
    if (!existing) throw notFound('Contract');
    const docs = await repo.listDocuments(tx, ctx.orgId, [id]);
    await repo.deleteContract(tx, ctx.orgId, id);
    const event = {
      action: 'contract.delete',
      entityType: 'contract',
      entityId: id,
      changes: { title: existing.contract.title, documents: docs.length },
    };
    await recordFollowingApplication(tx, { ...ctx, now }, event, existing.contract.subscriptionId);
    return docs;
  });
  await removeStoredFiles(deps, documents);
}

/** Renews a running contract: its successor starts the day after it ends; it becomes renewed. */
export async function renewContract(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof renewContractBody>,
) {
  const now = deps.clock.now();
  const successorId = await deps.db.transaction(async (tx) => {
    const existing = await repo.findContract(tx, ctx.orgId, id);
    if (!existing) throw notFound('Contract');
    const old = existing.contract;
    if (!LIVE_CONTRACT_STATUSES.includes(old.status)) {
      throw new AppError('conflict', `A ${old.status} contract cannot be renewed; renew the active one.`);
    }
    const terms = successorTerms(old, input);
    if (terms.startDate <= old.startDate) {
      throw badRequest('The renewal must start after the current contract started.');
    }
    if (terms.endDate < terms.startDate) throw badRequest('The renewal must not end before it starts.');
    // One click, one audit row: the renewal, with the application's new dates as a step.
    const { result: successor, steps } = await collectAuditSteps({ ...ctx, now }, async (acting) => {
      const renewed = await renewContractRow(tx, acting, old, input);
      await followLiveContractAudited(tx, acting, old.subscriptionId, renewed.id);
      return renewed;
    });
    await recordAudit(tx, { ...ctx, now }, foldSteps(steps, 'contract.renew'));
    return successor.id;
  });
  return getContract(deps, ctx, successorId);
}
