// Every expected failure is an AppError; one error handler turns it into `{ message, code }`.

export const ERROR_CODES = {
  validation_error: 400,
  bad_request: 400,
  invalid_token: 400,
  sso_failed: 400,
  sso_expired: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_api_key: 401,
  forbidden: 403,
  insufficient_scope: 403,
  csrf_rejected: 403,
  onboarding_required: 403,
  plan_required: 403,
  plan_limit: 403,
  read_only: 403,
  account_locked: 403,
  sso_required: 403,
  sso_not_allowed: 403,
  sso_denied: 403,
  not_found: 404,
  sso_not_configured: 404,
  conflict: 409,
  in_use: 409,
  secrets_key_missing: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_error: 502,
  database_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('bad_request', message, details);
export const conflict = (message: string) => new AppError('conflict', message);

/** A 400 naming the fields, shaped like zod's request validation failures. */
export const invalidFields = (fields: Array<{ field: string; message: string }>) =>
  new AppError(
    'validation_error',
    `Invalid request — ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
    { fields },
  );
