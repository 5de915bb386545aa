import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { browser } from '@/lib/browser';

/** POST /api/billing/portal → the Stripe customer portal; the browser goes there. */
export function openBillingPortal(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('POST', '/api/billing/portal');
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => browser.go(url),
  });
}
