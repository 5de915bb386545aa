import type { BrandResponse } from '@common/contracts/entities';
import { throwIfNotOk } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';
import { brandUrl } from './keys';

/** PUT /api/brands/{id}/logo (multipart field `file`). */
export async function uploadBrandLogo(input: { id: string; file: File }): Promise<BrandResponse> {
  const form = new FormData();
  form.append('file', input.file);
  const res = await fetch(`${brandUrl(input.id)}/logo`, {
    method: 'PUT',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(res);
  return (await res.json()) as BrandResponse;
}

export const useUploadBrandLogo = () => useEntitiesMutation(uploadBrandLogo);
