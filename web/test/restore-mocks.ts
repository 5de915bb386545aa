import { afterEach, vi } from 'vitest';

/** After each test: fetch back from mockApi's stub and every spy restored, so no test sees another's. */
export function restoreMocksAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
