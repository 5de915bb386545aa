import { lazy, type ComponentType } from 'react';

/** A screen whose module loads on demand; `preload` starts (or joins) that load. */
export type LazyScreen = ComponentType & { preload: () => Promise<ComponentType> };

// The screens' loads in flight: work that can wait (the overlay kit) lets them finish first.
const loading = new Set<Promise<unknown>>();

/** Settles once no screen's module is loading (at once when none is). */
export async function screensLoaded(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading]);
}

/**
 * A route's screen loaded on demand (React Router's declarative routes have no `lazy`): it
 * suspends to the nearest Suspense boundary until its module has loaded, and once it has (say,
 * preloaded while the session loads) renders at once. A failed load (a file a deploy replaced)
 * reaches the route's error boundary.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let promise: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => {
    if (promise) return promise;
    const current = load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        promise = undefined;
        throw error;
      },
    );
    promise = current;
    loading.add(current);
    void current.catch(() => undefined).finally(() => loading.delete(current));
    return current;
  };
  type Module = { default: ComponentType };
  const Screen = lazy<ComponentType>(() => {
    // Already loaded: a thenable that answers at once, so React.lazy renders without suspending.
    if (loaded) {
      const module: Module = { default: loaded };
      return { then: (resolve: (value: Module) => void) => resolve(module) } as unknown as Promise<Module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return Object.assign(Screen, { preload }) as unknown as LazyScreen;
}

/** A route's `element` for a screen loaded on demand. */
export function lazyElement(load: () => Promise<ComponentType>) {
  const Screen = lazyScreen(load);
  return <Screen />;
}
