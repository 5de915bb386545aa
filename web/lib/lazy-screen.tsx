import { use, useSyncExternalStore, type ComponentType } from 'react';

/** A screen whose module loads on demand; `preload` starts (or joins) that load. */
export type LazyScreen = ComponentType & { preload: () => Promise<ComponentType> };

// How many screens are loading: work that can wait (the overlay kit) waits for them too.
let loading = 0;
const listeners = new Set<() => void>();
const changed = (delta: number) => {
  loading += delta;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a screen's module is still loading (for work that should not compete with it). */
export function useScreensLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}

/**
 * A route's screen loaded on demand (React Router's declarative routes have no `lazy`). Once its
 * module has loaded it renders at once, without suspending; before, it suspends to the nearest
 * Suspense boundary. A failed load (say, a file a deploy replaced) reaches the route's error
 * boundary; the next render of the screen tries again.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let promise: Promise<ComponentType> | undefined;
  let Loaded: ComponentType | undefined;
  const preload = () => {
    if (promise) return promise;
    changed(1);
    promise = load().then(
      (component) => {
        Loaded = component;
        changed(-1);
        return component;
      },
      (error: unknown) => {
        changed(-1);
        promise = undefined;
        throw error;
      },
    );
    return promise;
  };
  function Screen() {
    const Component = Loaded ?? use(preload());
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}

/** A route's `element` for a screen loaded on demand. */
export function lazyElement(load: () => Promise<ComponentType>) {
  const Screen = lazyScreen(load);
  return <Screen />;
}
