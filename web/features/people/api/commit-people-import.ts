import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeopleImportBody, PeopleImportResult } from '@common/contracts/people-import';
import { apiRequest } from '@/lib/api-client';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/import/commit — all rows, or only the good ones with skipInvalid. */
export function commitPeopleImport(body: PeopleImportBody): Promise<PeopleImportResult> {
  return apiRequest<PeopleImportResult>('POST', '/api/people/import/commit', body);
}

export function useCommitPeopleImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitPeopleImport,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
