import { deferredRoot, deferredTrigger, fromKit } from './overlay-kit-loader';

// Popovers render with the overlay kit (overlay-kit.tsx), which loads after the first paint.
export const Popover = deferredRoot('Popover');
export const PopoverTrigger = deferredTrigger('PopoverTrigger');
export const PopoverClose = fromKit('PopoverClose');
export const PopoverContent = fromKit('PopoverContent');
