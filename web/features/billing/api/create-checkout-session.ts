import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import type { CheckoutInput } from '@/lib/billing/types';

/** POST /api/stripe/create-checkout-session → `{ url }` of the Stripe Checkout page. */
export function createCheckoutSession(input: CheckoutInput): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('POST', '/api/stripe/create-checkout-session', input);
}

/** Upgrade Now: on success the browser goes to the returned url (spec §4). */
export function useCheckout() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => browser.go(url),
  });
}

/** When the server names none, the steps to set up payments (spec §8). */
export const DEFAULT_SETUP_STEPS = [
  'Create the Growth and Scale products, each with a monthly and a yearly price, in the Stripe dashboard.',
  'Copy their price ids into STRIPE_PRICE_PRO_MONTHLY, STRIPE_PRICE_PRO_YEARLY, STRIPE_PRICE_SCALE_MONTHLY and STRIPE_PRICE_SCALE_YEARLY, and set STRIPE_SECRET_KEY.',
  'Restart the server.',
];

export interface CheckoutFailure {
  message: string;
  /** Present when payments are not set up: the steps to append under the message. */
  setupInstructions: string[] | null;
}

/**
 * Spec §8: the server's error message (`error`, else `message`), with setup steps appended when
 * the server sent setupInstructions; 'Failed to create checkout session' when it named none;
 * 'An unexpected error occurred. Please try again.' for a network or any other failure.
 */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (!(error instanceof ApiError)) {
    return { message: 'An unexpected error occurred. Please try again.', setupInstructions: null };
  }
  const data = error.data ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const message = text(data.error) ?? text(data.message) ?? 'Failed to create checkout session';
  const raw = data.setupInstructions;
  const steps = Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : [];
  const setupInstructions = raw ? (steps.length ? steps : DEFAULT_SETUP_STEPS) : null;
  return { message, setupInstructions };
}
