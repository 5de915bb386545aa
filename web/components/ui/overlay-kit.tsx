import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import {
  Dialog as DialogPrimitive,
  DropdownMenu as Menu,
  Popover as PopoverPrimitive,
  Toast as ToastPrimitive,
  Tooltip as TooltipPrimitive,
} from 'radix-ui';
import { useEffect, useRef, useSyncExternalStore, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY } from './tooltip';
import {
  dismissToast,
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  useToasts,
  type ToastVariant,
} from './use-toast';

// The Radix overlays (tooltips, menus, popovers, dialogs, toasts) with the app's styles. Nothing imports
// this file but `overlay-kit-loader.ts`: it loads after the first screen has painted, and the
// facades in tooltip.tsx, dropdown-menu.tsx, popover.tsx, dialog.tsx and toast.tsx render these once it has.

// ── Tooltip ────────────────────────────────────────────────────────────────────────────────────
// One skip-delay window for every tooltip (spec §9), as a shared Radix provider would keep it: a
// tooltip opened, or closed less than 300 ms ago, lets the next one open at once. Each tooltip
// has its own provider, so the app needs no provider around it before this file has loaded.
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const skipListeners = new Set<() => void>();
const setSkipping = (value: boolean) => {
  skipping = value;
  skipListeners.forEach((listener) => listener());
};
const subscribeSkipping = (listener: () => void) => {
  skipListeners.add(listener);
  return () => skipListeners.delete(listener);
};

function noteTooltipOpen(open: boolean) {
  clearTimeout(skipTimer);
  if (open) setSkipping(true);
  else skipTimer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY);
}

export function Tooltip({
  delayDuration = TOOLTIP_DELAY,
  onOpenChange,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Root>) {
  const skip = useSyncExternalStore(subscribeSkipping, () => skipping);
  const open = useRef(false);
  // A tooltip that goes away while open (its screen changed) leaves no skip window behind.
  useEffect(
    () => () => {
      if (!open.current) return;
      clearTimeout(skipTimer);
      setSkipping(false);
    },
    [],
  );
  return (
    <TooltipPrimitive.Provider delayDuration={skip ? 0 : delayDuration} skipDelayDuration={0}>
      <TooltipPrimitive.Root
        onOpenChange={(next) => {
          open.current = next;
          noteTooltipOpen(next);
          onOpenChange?.(next);
        }}
        {...props}
      />
    </TooltipPrimitive.Provider>
  );
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md border bg-popover px-3 py-1.5 text-xs text-popover-foreground shadow-md animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

// ── Dropdown menu ──────────────────────────────────────────────────────────────────────────────
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-52 rounded-lg border bg-popover p-1 text-popover-foreground shadow-xl animate-fade-in',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'relative flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none transition-colors data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}

// ── Popover ────────────────────────────────────────────────────────────────────────────────────
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border bg-popover text-popover-foreground shadow-xl outline-none animate-fade-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}

// ── Dialog ─────────────────────────────────────────────────────────────────────────────────────
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (for dialogs that must not be dismissed). */
  hideClose?: boolean;
}

export function DialogContent({ className, children, hideClose, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-2xl data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
            aria-label="Close"
          >
            <X className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg font-semibold tracking-tight', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

// ── Toasts ─────────────────────────────────────────────────────────────────────────────────────
const variantClasses: Record<ToastVariant, string> = {
  default: 'border bg-popover text-popover-foreground',
  destructive: 'border-destructive/40 bg-destructive text-destructive-foreground',
  success: 'border bg-popover text-popover-foreground',
};

/** Renders the toast region; F8 (Radix's default hotkey) focuses it. */
export function ToastRegion() {
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
