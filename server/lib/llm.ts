// The optional language model (LLM_BASE_URL): one call to an OpenAI-compatible chat-completions
// endpoint (OpenAI, Azure, Ollama, vLLM). Off unless configured; one attempt with a timeout and
// no retries, so a slow or failing model costs seconds, never a storm of requests.
import type { Env } from '../env';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

type LlmEnv = Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>;

/** Whether a model is configured at all. */
export const llmConfigured = (env: LlmEnv) => Boolean(env.LLM_BASE_URL);

/** `POST {base}/chat/completions`, whether the base ends in a slash or not. */
export function chatCompletionsUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/chat/completions`;
}

export class LlmError extends Error {
  override name = 'LlmError';
}

/**
 * The model's answer to `messages`, or an LlmError (not configured, HTTP error, timeout, an answer
 * without text). The caller decides what to fall back to.
 */
export async function chatComplete(
  env: LlmEnv,
  messages: ChatMessage[],
  options: { timeoutMs?: number; maxTokens?: number } = {},
): Promise<string> {
  if (!env.LLM_BASE_URL) throw new LlmError('LLM_BASE_URL is not set');
  let response: Response;
  try {
    response = await fetch(chatCompletionsUrl(env.LLM_BASE_URL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(env.LLM_API_KEY ? { authorization: `Bearer ${env.LLM_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: env.LLM_MODEL,
        messages,
        temperature: 0,
        max_tokens: options.maxTokens ?? 400,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new LlmError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new LlmError(`HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new LlmError('The answer is not JSON');
  }
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new LlmError('The answer has no text');
  return content.trim();
}
