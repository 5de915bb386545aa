import { deferredTrigger, fromKit, useOverlayKit } from './overlay-kit-loader';

// Tooltips render with the overlay kit (overlay-kit.tsx), which loads after the first paint.

export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

type Kit = NonNullable<ReturnType<typeof useOverlayKit>>;

/** A tooltip: 700 ms to open, 300 ms skip delay (spec §9); its trigger alone until the kit loads. */
export const Tooltip = function Tooltip(props) {
  const kit = useOverlayKit();
  return kit ? <kit.Tooltip {...props} /> : <>{props.children}</>;
} as Kit['Tooltip'];

export const TooltipTrigger = deferredTrigger('TooltipTrigger');
export const TooltipContent = fromKit('TooltipContent');
