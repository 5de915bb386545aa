import { useCallback, useState } from 'react';
import { readStored, writeStored } from '@/lib/local-storage';
import { SIDEBAR_STORAGE_KEY } from './sidebar-items';

/** Collapsed by default; the choice is stored locally (spec §2). */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(() => readStored(SIDEBAR_STORAGE_KEY) !== 'false');
  const setCollapsed = useCallback((next: boolean) => {
    writeStored(SIDEBAR_STORAGE_KEY, String(next));
    setCollapsedState(next);
  }, []);
  return [collapsed, setCollapsed];
}
