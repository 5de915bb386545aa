import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../common/roles';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setOrganization, buildersFor } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { insightOpportunities } from '../../db/schema';
import { readPdf } from '../../test/read-pdf';
import { BAD_PLURAL, ISO_DATE_IN_PROSE } from '../../../common/wording';
import { packDocument } from './pack-document';
import { packMarkdown } from './pack-markdown';
import { packPdf } from './pack-pdf';
import type { Pack } from './pack-types';

/** Internal reason codes a reader must never see. */
const CODES =
  /no_list_price|installation_too_small|too_few_organizations|not_selected|not_in_catalog|n\/a \(/;

const clock = fixedClock('2026-03-10T08:00:00Z'); // today = 2026-03-10
const server = useTestServer({ clock });

const db = () => server.database.db;
const build = buildersFor(db);
/** An open opportunity saving $4,320.00 a year on one application (the insights' own rows). */
async function buildOpportunity(orgId: string, applicationId: string, title: string) {
  const [row] = await db()
    .insert(insightOpportunities)
    .values({
      organizationId: orgId,
      key: `inactive_licenses:${applicationId}`,
      type: 'inactive_licenses',
      title,
      explanation: 'Idle seats.',
      evidence: [],
      savingMinor: 432_000,
      countedMinor: 432_000,
      currency: 'USD',
      confidence: 'high',
      confidenceReason: 'Usage comes from activity dates',
      applicationIds: [applicationId],
      claims: [{ kind: 'application', applicationId, annualMinor: 432_000 }],
      actionPath: '/app/licenses',
      actionText: 'Reclaim the seats',
    })
    .returning();
  return row!;
}

const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);

/** Slack, 20 seats at $10 a month, renewing 2026-04-09 with 30 days' notice: 10 assigned, 6 active. */
async function orgWithSlack() {
  const owner = await buildOrgOwner(server.app);
  await build.plan(owner.orgId, 'pro');
  const slack = await build.subscription(owner.orgId, {
    name: 'Slack',
    catalogSlug: 'slack',
    pricingModel: 'per-seat',
    seats: 20,
    unitPriceMinor: 1_000,
    amountMinor: 20_000,
    billingCycle: 'monthly',
    nextRenewalDate: '2026-04-09',
    noticePeriodDays: 30,
  });
  const pool = await build.pool(owner.orgId, slack.id, {
    tierName: 'Pro',
    seats: 20,
    unitPriceMinor: 1_000,
  });
  for (let i = 0; i < 10; i += 1) {
    const person = await build.person(owner.orgId);
    await build.assignment(owner.orgId, pool.id, person.id, {
      source: 'csv',
      lastActiveAt: i < 6 ? daysAgo(10) : daysAgo(100),
    });
  }
  const opportunity = await buildOpportunity(owner.orgId, slack.id, '4 idle Slack seats');
  // Another application's opportunity stays out of Slack's pack.
  const zoom = await build.subscription(owner.orgId, { name: 'Zoom' });
  await buildOpportunity(owner.orgId, zoom.id, 'Zoom overlap');
  return { owner, client: api(server.app, owner.cookie), slack, opportunity };
}

describe('GET /api/renewals/:id/pack', () => {
  it('gathers figures equal to their sources: renewal, price history, seats, opportunities', async () => {
    const { client, slack, opportunity } = await orgWithSlack();
    const response = await client.get(`/api/renewals/${slack.id}/pack`);
    expect(response.statusCode).toBe(200);
    const pack = response.json();

    const renewal = (await client.get('/api/renewals?window=90'))
      .json()
      .items.find((item: { subscriptionId: string }) => item.subscriptionId === slack.id);
    expect(pack.terms).toMatchObject({
      renewalDate: renewal.renewalDate,
      cancelByDate: renewal.cancelByDate,
      daysToCancelBy: renewal.daysToCancelBy,
      noticePeriodDays: 30,
      autoRenew: renewal.autoRenew,
      billingCycle: 'monthly',
      yearlyCostMinor: renewal.annualCostMinor,
    });
    expect(pack.terms.cancelByDate).toBe('2026-03-10');

    const history = (await client.get(`/api/subscriptions/${slack.id}/history`)).json();
    expect(pack.priceHistory).toEqual(
      history.map((h: { effectiveDate: string; to: Record<string, unknown> }) => ({
        effectiveDate: h.effectiveDate,
        amountMinor: h.to.amountMinor,
        unitPriceMinor: h.to.unitPriceMinor,
        seats: h.to.seats,
        billingCycle: h.to.billingCycle,
        monthlyMinor: h.to.monthlyMinor,
        currency: h.to.currency,
      })),
    );

    expect(pack.seats).toEqual({
      bought: 20,
      assigned: 10,
      activeUsers: 6,
      activeWindowDays: 30,
      hasUsageData: true,
    });
    expect(pack.opportunities).toEqual([
      {
        id: opportunity.id,
        title: opportunity.title,
        annualMinor: 432_000,
        countedMinor: 432_000,
        currency: 'USD',
        state: 'new',
      },
    ]);
  });

  it('lists during a Scale trial the open opportunities Insights lists for the application, with the same amounts and seat target', async () => {
    // Issue 31: on a trial the pack read the row's subscription plan (Starter) and listed none.
    const owner = await buildOrgOwner(server.app);
    await setOrganization(db(), owner.orgId, {
      subscriptionPlan: 'starter',
      trialPlan: 'scale',
      accountStatus: 'trial',
      trialEndsAt: new Date('2026-03-20T00:00:00Z'),
    });
    const tableau = await build.subscription(owner.orgId, {
      name: 'Tableau',
      pricingModel: 'per-seat',
      seats: 25,
      unitPriceMinor: 7_500,
      amountMinor: 187_500,
      billingCycle: 'monthly',
      nextRenewalDate: '2026-04-20',
      autoRenew: false,
      ownerUserId: owner.id,
    });
    const pool = await build.pool(owner.orgId, tableau.id, {
      tierName: 'Creator',
      seats: 25,
      unitPriceMinor: 7_500,
    });
    for (let i = 0; i < 19; i += 1) {
      const person = await build.person(owner.orgId);
      await build.assignment(owner.orgId, pool.id, person.id, {
        source: 'csv',
        assignedAt: daysAgo(300),
        lastActiveAt: i < 13 ? daysAgo(5) : daysAgo(120),
      });
    }
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/insights/refresh')).statusCode).toBe(200);
    const insights = (await client.get(`/api/insights?applicationId=${tableau.id}`)).json();
    // One decision for Tableau: 6 unassigned and 6 inactive seats, renewed at 13 in use + 10 % = 15.
    expect(insights.items.map((i: { title: string }) => i.title)).toEqual([
      'Renew Tableau with 15 seats, not 25',
    ]);
    expect(insights.items[0].decision).toMatchObject({ targetSeats: 15, seatsInUse: 13, usage: 'known' });

    const pack = (await client.get(`/api/renewals/${tableau.id}/pack`)).json();
    expect(pack.opportunities).toEqual(
      insights.items.map((i: Record<string, unknown>) => ({
        id: i.id,
        title: i.title,
        annualMinor: i.savingMinor,
        countedMinor: i.countedMinor,
        currency: i.currency,
        state: i.state,
      })),
    );
    expect(pack.opportunities).not.toEqual([]);
    // The same seat target, and the same saving at today's price: 10 seats × $75 × 12.
    expect(pack.target.seats).toBe(15);
    expect(pack.target.savingYearlyMinor).toBe(insights.items[0].countedMinor);
    expect(pack.target.savingYearlyMinor).toBe(10 * 7_500 * 12);
  }, 60_000);

  it('recommends active seats plus the 10% buffer at the lowest of current, list and peer prices', async () => {
    const { client, slack } = await orgWithSlack();
    const pack = (await client.get(`/api/renewals/${slack.id}/pack`)).json();
    // 6 active × 1.10 = 6.6 → 7 seats.
    expect(pack.target.seats).toBe(7);
    const [main] = [...pack.benchmark.prices].sort(
      (a: { price: { yearlyMinor: number } }, b: { price: { yearlyMinor: number } }) =>
        b.price.yearlyMinor - a.price.yearlyMinor,
    );
    const current = main?.price.perMonthMinor ?? 1_000;
    const list = main?.list;
    const point = list ? (list.comparedWith === 'year' ? list.annual : list.monthly) : null;
    const expected = Math.min(
      current,
      ...(point?.confirmed ? [point.perMonthMinor] : []),
      ...(main?.peer ? [main.peer.medianMinor] : []),
    );
    expect(pack.target.perMonthMinor).toBe(expected);

    expect(pack.target.yearlyMinor).toBe(expected * 12 * 7);
    expect(pack.target.reasoning.join(' ')).toContain('6 of 20 bought seats were active in the last 30 days');
    expect(pack.levers.map((l: { kind: string }) => l.kind)).toEqual(
      expect.arrayContaining(['timing', 'right_size', 'competitors', 'volume', 'multi_year']),
    );
    expect(pack.levers.find((l: { kind: string }) => l.kind === 'right_size').text).toContain(
      'Renew 7 seats instead of 20',
    );
    // Slack's catalogue function is team chat: Microsoft Teams is one of its alternatives.
    expect(pack.competitors.map((c: { catalogSlug: string }) => c.catalogSlug)).toContain('microsoft-teams');
    expect(pack.email.subject).toBe('Slack renewal: revised terms before Mar 10, 2026');
    expect(pack.email.body).toContain('6 of our 20 seats were used in the last 30 days');
    expect(pack.email.body).toContain('renew 7 seats');
  });

  it('downloads Markdown and a real PDF', async () => {
    const { client, slack } = await orgWithSlack();
    const md = await client.get(`/api/renewals/${slack.id}/pack?format=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toBe(
      'attachment; filename="slack-negotiation-pack-2026-03-10.md"',
    );
    expect(md.body).toContain('# Slack: renewal negotiation pack');
    expect(md.body).toContain('- Active in the last 30 days: 6');
    expect(md.body).toContain('## Draft e-mail');

    const pdf = await client.get(`/api/renewals/${slack.id}/pack?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1_000);
    // The reports' frame: a branded band, page numbers, the Stackwise mark on Growth.
    const text = (await readPdf(pdf.rawPayload)).flat().join('\n');
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).toContain('Made with Stackwise');
    expect(text).toContain('Slack: renewal negotiation pack');
    for (const body of [md.body, text]) {
      expect(body).not.toMatch(CODES);
      expect(body).not.toMatch(BAD_PLURAL);
    }
    // Dates in the prose read "Apr 9, 2026", never "2026-04-09".
    expect(md.body.replace(/```text[\s\S]*```/, '')).not.toMatch(ISO_DATE_IN_PROSE);
  });

  it('says why a benchmark is missing in words, and which alternatives have a price', async () => {
    const { client, slack } = await orgWithSlack();
    const json = (await client.get(`/api/renewals/${slack.id}/pack`)).json();
    const pack = { ...json, generatedAt: new Date(json.generatedAt) } as Pack;
    const [first] = pack.benchmark.prices;
    pack.benchmark.prices = [
      {
        ...first!,
        list: null,
        listUnavailable: 'no_list_price',
        peer: null,
        peerUnavailable: 'installation_too_small',
      },
    ];
    const none = { plan: null, unit: null, listPerMonthMinor: null, currency: null };
    pack.competitors = [
      { catalogSlug: 'a', name: 'Alpha Chat', ...none },
      { catalogSlug: 'b', name: 'Beta Chat', ...none },
    ];
    const doc = packDocument(pack);
    const md = packMarkdown(doc);
    expect(md).toContain('No public list price for this plan');
    expect(md).toContain('Too few organizations in the installation to compare (needs 5)');
    expect(md).toContain(
      'None of the alternatives in the catalogue has a public list price: Alpha Chat, Beta Chat.',
    );
    expect(md).not.toMatch(CODES);
    const text = (
      await readPdf(
        await packPdf(doc, {
          branding: { name: 'Acme', primaryColor: '#4F46E5', stackwise: false },
          logo: null,
        }),
      )
    )
      .flat()
      .join(' ');
    expect(text).not.toMatch(CODES);
    expect(text).not.toContain('Made with Stackwise');
    expect(text).toMatch(/Page 1 of \d/);

    pack.competitors = [
      { catalogSlug: 'a', name: 'Alpha Chat', ...none },
      {
        catalogSlug: 'c',
        name: 'Gamma Chat',
        plan: 'Pro',
        unit: 'user',
        listPerMonthMinor: 800,
        currency: 'USD',
      },
    ];
    const alternatives = packDocument(pack).sections.find((s) => s.heading === 'Alternatives')!.bullets!;
    expect(alternatives).toEqual([
      'Gamma Chat (Pro): $8.00 per seat per month list price',
      'Also in the catalogue, without a public list price: Alpha Chat.',
    ]);
  });

  it("answers 404 for another organization's application, an unknown id and an archived one", async () => {
    const { slack } = await orgWithSlack();
    const other = await buildOrgOwner(server.app);
    const client = api(server.app, other.cookie);
    expect((await client.get(`/api/renewals/${slack.id}/pack`)).statusCode).toBe(404);
    expect((await client.get(`/api/renewals/${slack.id}/pack?format=pdf`)).statusCode).toBe(404);
    expect((await client.get('/api/renewals/00000000-0000-4000-8000-000000000000/pack')).statusCode).toBe(
      404,
    );
    const archived = await build.subscription(other.orgId, { archivedAt: new Date() });
    expect((await client.get(`/api/renewals/${archived.id}/pack`)).statusCode).toBe(404);
    expect((await client.get('/api/renewals/not-an-id/pack')).statusCode).toBe(400);
    expect((await client.get(`/api/renewals/${slack.id}/pack?format=docx`)).statusCode).toBe(400);
  });

  it('lets every role read it and refuses anonymous requests', async () => {
    const { owner, slack } = await orgWithSlack();
    for (const role of ROLES) {
      const member = await build.member(owner.orgId, role);
      const response = await api(server.app, member.cookie).get(`/api/renewals/${slack.id}/pack`);
      expect(response.statusCode, role).toBe(200);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/renewals/${slack.id}/pack` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is available on Starter, without the savings opportunities Starter does not have', async () => {
    const { owner, client, slack } = await orgWithSlack();
    await setOrganization(db(), owner.orgId, {
      subscriptionPlan: 'starter',
      trialPlan: null,
      accountStatus: 'active',
    });
    const response = await client.get(`/api/renewals/${slack.id}/pack`);
    expect(response.statusCode).toBe(200);
    expect(response.json().opportunities).toEqual([]);
    expect(response.json().seats.activeUsers).toBe(6);
    // The benchmark section follows the benchmark gates: Slack is not one of Starter's chosen tools.
    const { benchmark } = response.json();
    expect(benchmark.selected).toBe(false);
    expect(benchmark.prices.map((p: { listUnavailable: string }) => p.listUnavailable)).toEqual([
      'not_selected',
    ]);
  });
});
