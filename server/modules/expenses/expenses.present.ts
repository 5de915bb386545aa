import type { JoinedExpense } from './expenses.repo';

/** An expense as the API shows it (the response schema strips anything else). */
export function presentExpense({
  expense,
  subscriptionName,
  suggestedSubscriptionName,
  vendorName,
}: JoinedExpense) {
  return {
    ...expense,
    subscriptionName,
    suggestedSubscriptionName,
    vendorName,
    document:
      expense.documentKey && expense.documentName
        ? {
            name: expense.documentName,
            contentType: expense.documentType ?? 'application/octet-stream',
            size: expense.documentSize ?? 0,
            url: `/api/expenses/${expense.id}/document`,
          }
        : null,
  };
}
