// The one way the web app talks to the API: cookies always, JSON in and out, errors per spec §8.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A non-OK response. `message` is "{status}: {response text or status text}" (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The raw response text. */
  readonly body: string;
  /** The parsed `{ message, code, fields? }` error body, when the server sent one. */
  readonly data: { message?: string; code?: string; fields?: unknown; [key: string]: unknown } | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.data = parseErrorBody(body);
  }
}

function parseErrorBody(body: string): ApiError['data'] {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as ApiError['data'])
      : null;
  } catch {
    return null;
  }
}

/** Throws an ApiError unless the response is OK. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

/**
 * Sends a request with cookies: JSON when there is a payload, and nothing at all when there is none
 * (spec §7's logout, dismiss and delete calls), which the server's CSRF guard accepts from our pages.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const hasBody = method !== 'GET' && body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET and parse JSON. */
export function apiGet<T>(url: string): Promise<T> {
  return apiRequest<T>('GET', url);
}

/** GET that answers `fallback` instead of throwing when the endpoint answers 404 (not built yet, or gone). */
export async function apiGetOr<T>(url: string, fallback: T): Promise<T> {
  try {
    return await apiGet<T>(url);
  } catch (error) {
    if (isStatus(error, 404)) return fallback;
    throw error;
  }
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** The server's human `message` for toasts (never raw JSON), else the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    const message = error.data?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (error.body && !error.data && error.body.length < 200) return error.body;
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Field errors of a 400 validation response (`fields: [{ field, message }]`), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.data?.fields : undefined;
  const out: Record<string, string> = {};
  if (!Array.isArray(fields)) return out;
  for (const item of fields as unknown[]) {
    if (item && typeof item === 'object' && 'field' in item && 'message' in item) {
      const { field, message } = item as { field: unknown; message: unknown };
      if (typeof field === 'string' && typeof message === 'string' && !(field in out)) out[field] = message;
    }
  }
  return out;
}
