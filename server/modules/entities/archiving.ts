/**
 * A PATCH's `archived` flag against the row's `archivedAt`: what to store (the first archiving
 * date is kept), the audit change, and whether it comes back (then it counts against the plan's
 * limit again).
 */
export function archiveChange(archivedAt: Date | null, archived: boolean | undefined, now: Date) {
  const was = archivedAt !== null;
  const changes = archived !== undefined && archived !== was;
  return {
    archivedAt: archived === undefined ? undefined : archived ? (archivedAt ?? now) : null,
    restoring: changes && !archived,
    audit: changes ? { archived: { from: was, to: archived } } : {},
  };
}
