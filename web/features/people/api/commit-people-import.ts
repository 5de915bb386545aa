import type { PeopleImportBody, PeopleImportResult } from '@common/contracts/people-import';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';

/** POST /api/people/import/commit — all rows, or only the good ones with skipInvalid. */
export function commitPeopleImport(body: PeopleImportBody): Promise<PeopleImportResult> {
  return apiRequest<PeopleImportResult>('POST', '/api/people/import/commit', body);
}

export function useCommitPeopleImport() {
  return useRefreshingMutation(commitPeopleImport, invalidatePeopleAndLicenses);
}
