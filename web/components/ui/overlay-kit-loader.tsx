import { useIsFetching } from '@tanstack/react-query';
import { Slot } from 'radix-ui';
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { screensLoaded } from '@/lib/lazy-screen';
import type * as OverlayKit from './overlay-kit';

// The Radix overlays and what they bring (positioning, focus traps, scroll locks) are a third of
// the shell's JavaScript, yet none of it is needed to paint a screen: the overlay kit loads once
// the start-up requests have answered and the browser is idle, or at once when a trigger is used.
// Until then the facades render triggers as they will look, and no content.

type Kit = typeof OverlayKit;

let kit: Kit | undefined;
let loading: Promise<Kit> | undefined;
const listeners = new Set<() => void>();

/** Loads the overlay kit (once) and re-renders every facade with it. */
export function loadOverlayKit(): Promise<Kit> {
  loading ??= import('./overlay-kit').then((module) => {
    const focus = focusedIndex();
    kit = module;
    listeners.forEach((listener) => listener());
    restoreFocus(focus);
    return module;
  });
  return loading;
}

// The facades' triggers are re-created when the kit arrives: keep the keyboard where it was.
function focusedIndex(): number {
  const active = document.activeElement;
  if (!active || active === document.body) return -1;
  return Array.prototype.indexOf.call(document.body.getElementsByTagName('*'), active);
}

function restoreFocus(index: number) {
  if (index < 0) return;
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const element = document.body.getElementsByTagName('*')[index];
    if (element instanceof HTMLElement) element.focus();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOverlayKit(): Kit | undefined {
  return useSyncExternalStore(subscribe, () => kit);
}

/** Loads the overlay kit once no request or screen is loading and the browser has a quiet moment. */
export function PreloadOverlayKit() {
  const settled = useIsFetching() === 0;
  useEffect(() => {
    if (!settled || kit) return;
    let cancel: (() => void) | undefined;
    let cancelled = false;
    void screensLoaded().then(() => {
      if (cancelled) return;
      if (typeof requestIdleCallback !== 'function') {
        const timer = setTimeout(() => void loadOverlayKit(), 200);
        cancel = () => clearTimeout(timer);
        return;
      }
      const handle = requestIdleCallback(() => void loadOverlayKit(), { timeout: 2000 });
      cancel = () => cancelIdleCallback(handle);
    });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [settled]);
  return null;
}

type KitComponent = { [K in keyof Kit]: Kit[K] extends ComponentType<never> ? K : never }[keyof Kit];

/** A part shown only inside open content: nothing until the kit has loaded. */
export function fromKit<K extends KitComponent>(name: K): Kit[K] {
  function Part(props: object) {
    const Component = useOverlayKit()?.[name] as ComponentType<object> | undefined;
    return Component ? <Component {...props} /> : null;
  }
  return Part as unknown as Kit[K];
}

// A trigger used before the kit has loaded asks its root to open as soon as it has.
const RequestOpen = createContext<(() => void) | null>(null);

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/** A dialog, popover or menu root: its children until the kit loads, then the Radix root. */
export function deferredRoot<K extends 'Dialog' | 'Popover' | 'DropdownMenu'>(name: K): Kit[K] {
  function Root(props: RootProps) {
    const loaded = useOverlayKit();
    const [requested, setRequested] = useState(false);
    const { open, onOpenChange } = props;
    useEffect(() => {
      if (open && !loaded) void loadOverlayKit();
    }, [open, loaded]);
    if (loaded) {
      const Component = loaded[name] as ComponentType<RootProps>;
      return <Component {...props} defaultOpen={props.defaultOpen || requested} />;
    }
    const requestOpen = () => {
      setRequested(true);
      onOpenChange?.(true);
      void loadOverlayKit();
    };
    return <RequestOpen.Provider value={requestOpen}>{props.children}</RequestOpen.Provider>;
  }
  return Root as unknown as Kit[K];
}

type TriggerProps = ComponentProps<'button'> & { asChild?: boolean };

/**
 * A trigger: before the kit loads, the same element (its child with `asChild`, else a button);
 * pointing at it or focusing it starts the load, using it opens its root once loaded.
 */
export function deferredTrigger<K extends KitComponent>(name: K): Kit[K] {
  function Trigger({ asChild, ...props }: TriggerProps) {
    const loaded = useOverlayKit();
    const requestOpen = useContext(RequestOpen);
    if (loaded) {
      const Component = loaded[name] as ComponentType<TriggerProps>;
      return <Component asChild={asChild} {...props} />;
    }
    const Element = asChild ? Slot.Root : 'button';
    return (
      <Element
        type={asChild ? undefined : 'button'}
        {...props}
        onPointerEnter={(event) => {
          props.onPointerEnter?.(event);
          void loadOverlayKit();
        }}
        onFocus={(event) => {
          props.onFocus?.(event);
          void loadOverlayKit();
        }}
        onClick={(event) => {
          props.onClick?.(event);
          if (!event.defaultPrevented) requestOpen?.();
        }}
      />
    );
  }
  return Trigger as unknown as Kit[K];
}
