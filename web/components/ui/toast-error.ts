import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from './use-toast';

/** A failure toast: what could not be done, with the server's reason (or a generic one). */
export function toastError(title: ReactNode, error: unknown) {
  return toast({ variant: 'destructive', title, description: errorMessage(error) });
}
