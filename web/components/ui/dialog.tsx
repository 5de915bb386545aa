import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { deferredRoot, deferredTrigger, fromKit } from './overlay-kit-loader';

// Dialogs render with the overlay kit (overlay-kit.tsx), which loads after the first paint (or at
// once when a dialog opens before that).
export const Dialog = deferredRoot('Dialog');
export const DialogTrigger = deferredTrigger('DialogTrigger');
export const DialogClose = fromKit('DialogClose');
export const DialogContent = fromKit('DialogContent');
export const DialogTitle = fromKit('DialogTitle');
export const DialogDescription = fromKit('DialogDescription');

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('grid gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
