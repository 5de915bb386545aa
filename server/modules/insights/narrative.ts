// The optional AI narrative (issue 16): with LLM_BASE_URL set, a language model rewords each open
// opportunity's explanation, and the weekly digest's summary, from the computed evidence only. Every
// number in the model's text must appear in what it was given (money, percentages, counts, dates),
// otherwise its text is discarded and the deterministic template is used. Without LLM_BASE_URL
// nothing here makes a request.
import { formatAmount } from '../../../common/money';
import { formatProseDate } from '../../../common/wording';
import type { insightOpportunities } from '../../db/schema';
import { chatComplete, llmConfigured, type ChatMessage } from '../../lib/llm';
import type { ServiceDeps } from '../../types';
import { opportunitiesToNarrate, storeNarrative } from './narrative.repo';

/**
 * The explanation people read: the model's narrative while it still words the current explanation,
 * else the template text.
 */
export function explanationOf(row: {
  explanation: string;
  narrative: string | null;
  narrativeOf: string | null;
}): string {
  return row.narrative && row.narrativeOf === row.explanation ? row.narrative : row.explanation;
}

export type NarrativeDeps = Pick<ServiceDeps, 'db' | 'env' | 'log'>;

/** Opportunities reworded per run at most (largest saving first); the rest wait for the next run. */
export const NARRATIVES_PER_RUN = 25;
const TIMEOUT_MS = 10_000;
/** Longer answers are not a rewording of a short explanation. */
const MAX_NARRATIVE_CHARS = 1200;

/**
 * The numbers a text states, normalised so that "1,234.50", "$1,234.5" and "1234.50" are one
 * number, "12 %" is 12 and "2026-03-01" is 2026, 3 and 1.
 */
export function numbersIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const [whole, fraction = ''] = match[0].replace(/,/g, '').split('.');
    const integer = whole.replace(/^0+(?=\d)/, '');
    const decimals = fraction.replace(/0+$/, '');
    found.add(decimals ? `${integer}.${decimals}` : integer);
  }
  return found;
}

/** Whether every number in `text` appears somewhere in `sources`. */
export function onlyKnownNumbers(text: string, sources: readonly string[]): boolean {
  const known = numbersIn(sources.join('\n'));
  for (const n of numbersIn(text)) if (!known.has(n)) return false;
  return true;
}

const SYSTEM_PROMPT = [
  'You rewrite findings of a software-spend tool for finance and IT leads, in plain, friendly English.',
  'Use only the facts given. Do not add any number, date, name, price or advice that is not in the facts;',
  'copy every number exactly as it is written there. Write two or three sentences of prose:',
  'no heading, no list, no markdown, no greeting.',
].join(' ');

/** The model's text when it passes the number check, else null (and a log line saying why). */
async function narrate(
  deps: NarrativeDeps,
  facts: string,
  sources: readonly string[],
  timeoutMs: number,
): Promise<{ text: string | null; failed: boolean }> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: facts },
  ];
  let answer: string;
  try {
    answer = await chatComplete(deps.env, messages, { timeoutMs });
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'AI narrative unavailable',
    );
    return { text: null, failed: true };
  }
  const text = answer.replace(/^["“]|["”]$/g, '').trim();
  if (text.length === 0 || text.length > MAX_NARRATIVE_CHARS || !onlyKnownNumbers(text, sources)) {
    deps.log.info('AI narrative discarded: it states a number the evidence does not');
    return { text: null, failed: false };
  }
  return { text, failed: false };
}

type OpportunityRow = typeof insightOpportunities.$inferSelect;

/** What the model is told about one opportunity: the template and the evidence behind it. */
function opportunityFacts(row: OpportunityRow): { facts: string; sources: string[] } {
  const saving = row.savingMinor === null ? null : `${formatAmount(row.savingMinor, row.currency)} a year`;
  const evidence = row.evidence.map((e) => {
    const figures = Object.entries(e.figures)
      .filter(([, v]) => v !== null)
      // Dates as the prose says them ("Dec 6, 2026"), so the model never copies an ISO date into text.
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? formatProseDate(v) : String(v)}`)
      .join('; ');
    return `- ${e.label}${figures ? ` (${figures})` : ''}`;
  });
  const lines = [
    `Finding: ${row.title}`,
    `Explanation: ${row.explanation}`,
    saving
      ? `Estimated saving: ${saving}`
      : `Saving: not computed (${row.savingUnavailable ?? 'a price is missing'})`,
    row.arithmetic ? `Arithmetic: ${row.arithmetic}` : null,
    `Confidence: ${row.confidence} (${row.confidenceReason})`,
    `Evidence:\n${evidence.join('\n')}`,
  ].filter((l): l is string => l !== null);
  return {
    facts: `Rewrite the explanation of this savings finding.\n\n${lines.join('\n')}`,
    sources: lines,
  };
}

export interface NarrativeRun {
  asked: number;
  stored: number;
  discarded: number;
}

/**
 * Rewords the organization's open opportunities whose narrative does not match their current
 * explanation (largest saving first, at most `limit`). A faithful text is stored with the
 * explanation it words; a text stating an unknown number is discarded and that explanation is
 * not asked about again (its template text is shown). The first failed request (error, timeout)
 * ends the run: the rest are asked next time. A no-op without LLM_BASE_URL.
 */
export async function refreshNarratives(
  deps: NarrativeDeps,
  orgId: string,
  options: { limit?: number; timeoutMs?: number } = {},
): Promise<NarrativeRun> {
  const run: NarrativeRun = { asked: 0, stored: 0, discarded: 0 };
  if (!llmConfigured(deps.env)) return run;
  const rows = await opportunitiesToNarrate(deps.db, orgId, options.limit ?? NARRATIVES_PER_RUN);
  for (const row of rows) {
    const { facts, sources } = opportunityFacts(row);
    run.asked += 1;
    const { text, failed } = await narrate(deps, facts, sources, options.timeoutMs ?? TIMEOUT_MS);
    if (failed) break;
    // Only while the explanation is still the one the model was shown.
    await storeNarrative(deps.db, orgId, row.id, row.explanation, text);
    if (text) run.stored += 1;
    else run.discarded += 1;
  }
  return run;
}

/**
 * The weekly digest's summary: the model's wording of `facts` when it is configured and passes the
 * number check, else `template`.
 */
export async function digestSummary(
  deps: NarrativeDeps,
  facts: string[],
  template: string,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  if (!llmConfigured(deps.env)) return template;
  const sources = [...facts, template];
  const { text } = await narrate(
    deps,
    `Write the opening paragraph of a weekly e-mail about software savings from these facts.\n\n${facts
      .map((f) => `- ${f}`)
      .join('\n')}\n\nThe paragraph as we would write it:\n${template}`,
    sources,
    options.timeoutMs ?? TIMEOUT_MS,
  );
  return text ?? template;
}
