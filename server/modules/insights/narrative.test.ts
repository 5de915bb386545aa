import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insightOpportunities } from '../../db/schema';
import { buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import {
  digestSummary,
  explanationOf,
  numbersIn,
  onlyKnownNumbers,
  refreshNarratives,
  type NarrativeDeps,
} from './narrative';
import { buildOpportunity } from './test/opportunity-factory';

/** A local stand-in for an OpenAI-compatible API: records requests, answers what the test queues. */
async function startChatServer() {
  const requests: Array<{
    url: string;
    headers: Record<string, unknown>;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  const answers: Array<{ status?: number; content?: string; delayMs?: number }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      const answer = answers.shift() ?? { content: 'No answer queued.' };
      const reply = () => {
        if (res.destroyed) return;
        if (answer.status && answer.status !== 200) {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"error":"boom"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' },
            ],
          }),
        );
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1/`,
    requests,
    answer: (...a: typeof answers) => answers.push(...a),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let server: TestServer;
let llm: Awaited<ReturnType<typeof startChatServer>>;
let deps: NarrativeDeps;

beforeAll(async () => {
  llm = await startChatServer();
  server = await getTestServer({
    env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'local-model' },
  });
  deps = server.app.deps;
});
afterAll(async () => {
  await server.close();
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

const db = () => server.database.db;
const reload = async (id: string) =>
  (await db().select().from(insightOpportunities).where(eq(insightOpportunities.id, id)))[0];

describe('the number check', () => {
  it('reads money, percentages, counts and dates however they are written', () => {
    expect([...numbersIn('Save $1,234.50 (12 % of 40 seats) by 2026-03-01')]).toEqual([
      '1234.5',
      '12',
      '40',
      '2026',
      '3',
      '1',
    ]);
    expect(onlyKnownNumbers('Saves 1234.5 dollars, 12% of the 40 seats', ['$1,234.50; 12 %; 40 seats'])).toBe(
      true,
    );
    expect(onlyKnownNumbers('Saves $1,300.00', ['$1,234.50'])).toBe(false);
    expect(onlyKnownNumbers('No figures here.', [])).toBe(true);
  });
});

describe('the explanation shown', () => {
  it('is the narrative while it words the current explanation, else the template', () => {
    const row = { explanation: 'Template.', narrative: 'Narrative.', narrativeOf: 'Template.' };
    expect(explanationOf(row)).toBe('Narrative.');
    expect(explanationOf({ ...row, explanation: 'New template.' })).toBe('New template.');
    expect(explanationOf({ ...row, narrative: null })).toBe('Template.');
  });
});

describe('AI narrative', () => {
  it('stores a faithful rewording, largest saving first, and does not ask again for the same explanation', async () => {
    const owner = await buildOrgOwner(server.app);
    const small = await buildOpportunity(db(), owner.orgId, {
      title: '1 idle Zoom seat',
      savingMinor: 18_000,
    });
    const big = await buildOpportunity(db(), owner.orgId);
    const faithful =
      'Twelve of your 40 Slack seats (12 in all) have been idle for at least 60 days. Reclaiming them saves $4,320.00 a year: 12 seats × $30.00 × 12 months.';
    llm.answer({ content: faithful });

    expect(await refreshNarratives(deps, owner.orgId, { limit: 1 })).toEqual({
      asked: 1,
      stored: 1,
      discarded: 0,
    });
    const [request] = llm.requests;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('local-model');
    const prompt = request.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('12 of 40 Slack seats have had no activity for 60 days or more.');
    expect(prompt).toContain('12 seats × $30.00 × 12 months = $4,320.00');
    expect(prompt).toContain('price per seat: $30.00');

    expect(await reload(big.id)).toMatchObject({ narrative: faithful, narrativeOf: big.explanation });
    expect(await reload(small.id)).toMatchObject({ narrative: null, narrativeOf: null });

    llm.answer({ content: 'One Zoom seat has been idle for 60 days; reclaiming it saves $180.00 a year.' });
    expect(await refreshNarratives(deps, owner.orgId)).toEqual({ asked: 1, stored: 1, discarded: 0 });
    expect(llm.requests).toHaveLength(2); // the big one is not asked again

    // A new explanation (the data changed) is worded again.
    await db()
      .update(insightOpportunities)
      .set({ explanation: '14 of 40 Slack seats have had no activity for 60 days or more.' })
      .where(eq(insightOpportunities.id, big.id));
    llm.answer({ content: '14 of your 40 Slack seats have been idle for 60 days.' });
    expect(await refreshNarratives(deps, owner.orgId)).toEqual({ asked: 1, stored: 1, discarded: 0 });
  });

  it('discards an answer with an invented number and keeps the template text', async () => {
    const owner = await buildOrgOwner(server.app);
    const opp = await buildOpportunity(db(), owner.orgId);
    llm.answer({ content: '12 idle Slack seats cost you $5,000 a year; reclaim them.' });
    expect(await refreshNarratives(deps, owner.orgId)).toEqual({ asked: 1, stored: 0, discarded: 1 });
    expect(await reload(opp.id)).toMatchObject({ narrative: null, narrativeOf: opp.explanation });
    // That explanation is not sent again.
    expect(await refreshNarratives(deps, owner.orgId)).toEqual({ asked: 0, stored: 0, discarded: 0 });
    expect(llm.requests).toHaveLength(1);
  });

  it('keeps the template when the model answers 500 or too slowly, and stops asking for that run', async () => {
    const owner = await buildOrgOwner(server.app);
    const a = await buildOpportunity(db(), owner.orgId, { savingMinor: 500_000 });
    const b = await buildOpportunity(db(), owner.orgId);
    llm.answer({ status: 500 });
    expect(await refreshNarratives(deps, owner.orgId)).toEqual({ asked: 1, stored: 0, discarded: 0 });
    expect(llm.requests).toHaveLength(1); // no retries, no second opportunity after a failure

    llm.answer({ content: 'Too late.', delayMs: 1_000 });
    expect(await refreshNarratives(deps, owner.orgId, { timeoutMs: 200 })).toEqual({
      asked: 1,
      stored: 0,
      discarded: 0,
    });
    for (const id of [a.id, b.id])
      expect(await reload(id)).toMatchObject({ narrative: null, narrativeOf: null });
  });

  it('makes no request at all when LLM_BASE_URL is not set', async () => {
    const owner = await buildOrgOwner(server.app);
    await buildOpportunity(db(), owner.orgId);
    const off = { ...deps, env: { ...deps.env, LLM_BASE_URL: undefined } };
    expect(await refreshNarratives(off, owner.orgId)).toEqual({ asked: 0, stored: 0, discarded: 0 });
    expect(await digestSummary(off, ['3 new opportunities'], 'The template.')).toBe('The template.');
    expect(llm.requests).toHaveLength(0);
  });

  it('words the digest summary only under the same number check', async () => {
    const facts = ['3 new savings opportunities this week', '$7,700.00 a year identified'];
    const template = 'This week we found 3 new savings opportunities worth $7,700.00 a year.';
    llm.answer({ content: 'Good news: 3 new ways to save, worth $7,700.00 a year.' });
    expect(await digestSummary(deps, facts, template)).toBe(
      'Good news: 3 new ways to save, worth $7,700.00 a year.',
    );
    llm.answer({ content: 'Good news: 4 new ways to save.' });
    expect(await digestSummary(deps, facts, template)).toBe(template);
  });
});
