import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import {
  dismissToast,
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  useToasts,
  type ToastVariant,
} from './use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border bg-popover text-popover-foreground',
  destructive: 'border-destructive/40 bg-destructive text-destructive-foreground',
  success: 'border bg-popover text-popover-foreground',
};

/** Renders the toast region; F8 (Radix's default hotkey) focuses it. */
export function Toaster() {
  const items = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {items.map(({ id, title, description, variant = 'default', action, duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg p-4 pr-9 shadow-lg transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=open]:animate-slide-in data-[state=closed]:opacity-0',
            variantClasses[variant],
          )}
        >
          {variant === 'success' && (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          )}
          {variant === 'destructive' && <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <div className="grid min-w-0 gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
