import { ONBOARDING_PHASES, type OnboardingPhase } from '../../../common/onboarding';
import type { OnboardingBody } from '../../../common/contracts/organizations';
import { badRequest } from '../../errors';
import type { AuthUser, ServiceDeps } from '../../types';
import { recordAuditWithoutContext } from '../../lib/audit';
import { updateUser } from '../organizations';
import {
  insertMembership,
  insertOrganization,
  listUserOrganizations,
  updateOrganization,
} from '../organizations';
import { insertDefaultEntityAndBrand } from '../entities';
import { reconvertMonthTotals } from '../expenses';
import { seedOrganizationDefaults } from '../settings-lists';

const rank = (phase: string) => ONBOARDING_PHASES.indexOf(phase as OnboardingPhase);

/**
 * Advances onboarding one phase at a time: profile → workspace → apps → completed. A step may
 * be submitted again to edit it while onboarding lasts; skipping ahead is refused.
 */
export async function submitOnboardingStep(deps: ServiceDeps, user: AuthUser, body: OnboardingBody) {
  const current = rank(user.onboardingPhase);
  const step = rank(body.step);
  if (user.onboardingPhase === 'completed') throw badRequest('Onboarding is already complete.');
  if (step > current) {
    throw badRequest(`Finish the "${user.onboardingPhase}" step before "${body.step}".`);
  }
  const next = (step === current ? ONBOARDING_PHASES[current + 1] : user.onboardingPhase) as OnboardingPhase;

  let finished: string | null = null;
  const updated = await deps.db.transaction(async (tx) => {
    if (body.step === 'profile') {
      return updateUser(tx, user.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        jobTitle: body.jobTitle || null,
        onboardingPhase: next,
      });
    }
    if (body.step === 'workspace') {
      const existing = await listUserOrganizations(tx, user.id);
      const values = {
        name: body.organizationName,
        currency: body.currency,
        fiscalYearStartMonth: body.fiscalYearStartMonth,
        companySize: body.companySize,
      };
      if (existing.length > 0) {
        const { org } = existing[0];
        await updateOrganization(tx, org.id, values);
        if (values.currency !== org.currency) await reconvertMonthTotals(tx, org.id);
      } else {
        const org = await insertOrganization(tx, { ...values, subscriptionPlan: 'starter' });
        await insertDefaultEntityAndBrand(tx, org);
        await insertMembership(tx, org.id, user.id, 'owner', deps.clock.now());
        await seedOrganizationDefaults(tx, org.id);
        await recordAuditWithoutContext(tx, {
          orgId: org.id,
          userId: user.id,
          action: 'organization.create',
          entityType: 'organization',
          entityId: org.id,
          changes: values,
        });
      }
      return updateUser(tx, user.id, { onboardingPhase: next });
    }
    const orgs = await listUserOrganizations(tx, user.id);
    if (orgs.length === 0) throw badRequest('Create your workspace before adding applications.');
    if (next === 'completed') finished = orgs[0].org.id;
    return updateUser(tx, user.id, { onboardingPhase: next });
  });
  // The new organization's daily work at once, with the applications it started with: their
  // renewal and cancel-by alerts exist on day one, not after the first night (a queued job).
  if (finished) await runDailyWorkNow(deps, finished, 'onboarding');
  return updated;
}

async function runDailyWorkNow(deps: ServiceDeps, orgId: string, reason: string) {
  try {
    await deps.scheduler.runToday(orgId, reason);
  } catch (error) {
    // The organization is there either way: tonight's run does the same work.
    deps.log.error({ err: error, orgId }, 'Could not queue the new organization’s daily work');
  }
}
