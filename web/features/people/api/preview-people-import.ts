import { useMutation } from '@tanstack/react-query';
import type { PeopleImportBody, PeopleImportPreview } from '@common/contracts/people-import';
import { apiRequest } from '@/lib/api-client';

/** POST /api/people/import/preview — what the file would do; changes nothing. */
export function previewPeopleImport(body: PeopleImportBody): Promise<PeopleImportPreview> {
  return apiRequest<PeopleImportPreview>('POST', '/api/people/import/preview', body);
}

export function usePreviewPeopleImport() {
  return useMutation({ mutationFn: previewPeopleImport });
}
