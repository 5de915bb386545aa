/**
 * Runs a mutation as a promise with callbacks. A row that starts an action may unmount when the
 * lists refresh (a removed member, a revoked invitation), and TanStack's per-call `mutate`
 * callbacks never run for an unmounted component — so the toast would be lost.
 */
export function runAction<T>(
  action: Promise<T>,
  handlers: { onSuccess: (value: T) => void; onError: (error: unknown) => void },
): void {
  action.then(handlers.onSuccess, handlers.onError);
}
