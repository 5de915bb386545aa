export const operationsKeys = {
  failedJobs: () => ['operations', 'failed-jobs'] as const,
};
