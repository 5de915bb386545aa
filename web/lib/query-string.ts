/**
 * `?key=value&…` of a query's set values (a non-empty string, a number or a boolean), in the order
 * given; '' when none is set. Unset filters stay out of the URL (and of the server's validation).
 */
export function toQueryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (
      (typeof value === 'string' && value !== '') ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
