import type { BrandResponse } from '@common/contracts/entities';
import { uploadFile } from '@/lib/upload-file';
import { useEntitiesMutation } from './mutation';
import { brandUrl } from '@/lib/entities/keys';

/** PUT /api/brands/{id}/logo (multipart field `file`). */
export function uploadBrandLogo(input: { id: string; file: File }): Promise<BrandResponse> {
  return uploadFile<BrandResponse>(`${brandUrl(input.id)}/logo`, input.file, { method: 'PUT' });
}

export const useUploadBrandLogo = () => useEntitiesMutation(uploadBrandLogo);
