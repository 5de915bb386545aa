import { useEffect } from 'react';
import { loadOverlayKit, useOverlayKit } from './overlay-kit-loader';
import { useToasts } from './use-toast';

/**
 * The toast region (overlay-kit.tsx; F8, Radix's default hotkey, focuses it). It comes with the
 * overlay kit after the first paint, or at once when a toast is raised before that.
 */
export function Toaster() {
  const kit = useOverlayKit();
  const raised = useToasts().length > 0;
  useEffect(() => {
    if (raised && !kit) void loadOverlayKit();
  }, [raised, kit]);
  return kit ? <kit.ToastRegion /> : null;
}
