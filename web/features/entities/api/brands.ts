import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandResponse, CreateBrandBody, UpdateBrandBody } from '@common/contracts/entities';
import { apiGet, apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';
import { entityKeys } from '@/lib/entities/keys';
import { useEntitiesMutation, withReassign } from './mutation';

const brandUrl = (id: string) => `/api/brands/${encodeURIComponent(id)}`;

/** GET /api/brands — every brand, archived ones included. */
export function getBrands(): Promise<BrandResponse[]> {
  return apiGet<{ items: BrandResponse[] }>('/api/brands').then((r) => r.items);
}

export const brandsQuery = () => queryOptions({ queryKey: entityKeys.brands(), queryFn: getBrands });

export function useBrands(enabled = true) {
  return useQuery({ ...brandsQuery(), enabled });
}

/** POST /api/brands */
export function createBrand(body: CreateBrandBody): Promise<BrandResponse> {
  return apiRequest<BrandResponse>('POST', '/api/brands', body);
}

/** PATCH /api/brands/{id} */
export function updateBrand({ id, ...body }: UpdateBrandBody & { id: string }): Promise<BrandResponse> {
  return apiRequest<BrandResponse>('PATCH', brandUrl(id), body);
}

/** DELETE /api/brands/{id}[?reassignTo=] — 409 `in_use` with what uses it unless reassigned. */
export function deleteBrand(input: { id: string; reassignTo?: string }): Promise<void> {
  return apiRequest<void>('DELETE', withReassign(brandUrl(input.id), input.reassignTo));
}

/** PUT /api/brands/{id}/logo (multipart field `file`). */
export function uploadBrandLogo(input: { id: string; file: File }): Promise<BrandResponse> {
  return uploadFile<BrandResponse>(`${brandUrl(input.id)}/logo`, input.file, { method: 'PUT' });
}

/** DELETE /api/brands/{id}/logo */
export function deleteBrandLogo(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${brandUrl(id)}/logo`);
}

export const useCreateBrand = () => useEntitiesMutation(createBrand);
export const useUpdateBrand = () => useEntitiesMutation(updateBrand);
export const useDeleteBrand = () => useEntitiesMutation(deleteBrand);
export const useUploadBrandLogo = () => useEntitiesMutation(uploadBrandLogo);
export const useDeleteBrandLogo = () => useEntitiesMutation(deleteBrandLogo);
