import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import { loadOverlayKit } from '@/components/ui/overlay-kit-loader';
// jsdom lacks a few browser APIs Radix primitives use; tests import this file first.

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (typeof window !== 'undefined') {
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

// Screens render their tooltips, menus and dialogs as in a browser once the kit has loaded.
beforeAll(async () => {
  await loadOverlayKit();
});

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(() => cleanup());

// The suite runs files in parallel; give slow machines time before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

/**
 * Waits until Radix has registered a just-opened dialog as the top layer: until then its content
 * carries `pointer-events: none` for a render, and a click on a busy machine would land in it.
 */
export async function untilInteractive<T extends HTMLElement>(element: T): Promise<T> {
  await waitFor(() => expect(getComputedStyle(element).pointerEvents).not.toBe('none'));
  return element;
}
