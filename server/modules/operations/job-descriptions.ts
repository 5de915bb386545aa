/** A failed job's work in words, for the operations page. */
export function describeJob(queue: string, data: Record<string, unknown>): string {
  if (queue === 'inbound-message') {
    return 'Reading a forwarded e-mail: after its last attempt it shows as Failed in the invoice inbox';
  }
  if (queue === 'daily') {
    return `Daily run for ${String(data.date)}: renewals, reminders, trial and budget checks`;
  }
  const handler = queue.startsWith('event.') ? queue.slice('event.'.length) : null;
  if (handler === 'expenses.cost-alerts') return 'Cost alerts after expenses were recorded';
  if (handler === 'budgets.thresholds') return 'Budget threshold check after expenses changed';
  if (handler === 'insights.high-value-alerts') return 'Alerts about new high-value savings opportunities';
  if (handler) return `Reaction to an event (${handler})`;
  return queue;
}
