import { useMutation } from '@tanstack/react-query';
import type { ContactRequestBody } from '@common/contracts/public-forms';
import { apiRequest } from './api-client';

/** POST /api/public/contact — a support message or a demo request, stored for the team. */
export function submitContactRequest(body: ContactRequestBody): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('POST', '/api/public/contact', body);
}

export function useSubmitContactRequest() {
  return useMutation({ mutationFn: submitContactRequest });
}
