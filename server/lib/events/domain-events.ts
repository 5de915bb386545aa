// The domain events other modules react to. A module publishes its own events; handlers elsewhere
// subscribe by type. Payloads carry ids and facts, never whole rows: handlers read what they need.

export interface DomainEventPayloads {
  /**
   * Expenses were booked or changed (entered, edited, matched, imported); budget checks follow, and
   * cost alerts for `expenseIds` (every written row, or an import's recent flagged charges).
   */
  'expense.recorded': { expenseIds: string[] };
  /** Expenses were deleted (one, in bulk, or an import undone); budget checks follow. */
  'expense.removed': { expenseIds: string[] };
  /** Applications' price, seats, cycle, term or currency changed (a price-history row each). */
  'subscription.price_changed': { subscriptionIds: string[] };
  /** Applications' cancellation date was set, moved or cleared: their charges' flags are recomputed. */
  'subscription.cancellation_changed': { subscriptionIds: string[] };
  /** Seats were given to people (assigned, or an unassignment undone). */
  'license.assigned': { assignmentIds: string[] };
  /** Seats were taken back from people (by hand, in bulk, or by offboarding). */
  'license.unassigned': { assignmentIds: string[]; reason: string };
  /** A person left: their seats are free and owners are told. */
  'person.offboarded': { personId: string };
  /**
   * A generation found savings opportunities that are new, or came back (a dismissed one whose saving
   * grew by more than 50 %, a snoozed one on its date): high-value ones are notified.
   */
  'insight.identified': { opportunityIds: string[] };
}

export type DomainEventType = keyof DomainEventPayloads;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  organizationId: string;
  type: T;
  payload: DomainEventPayloads[T];
  occurredAt: Date;
}
