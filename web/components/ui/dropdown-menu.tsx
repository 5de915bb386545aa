import { deferredRoot, deferredTrigger, fromKit } from './overlay-kit-loader';

// Menus render with the overlay kit (overlay-kit.tsx), which loads after the first paint.
export const DropdownMenu = deferredRoot('DropdownMenu');
export const DropdownMenuTrigger = deferredTrigger('DropdownMenuTrigger');
export const DropdownMenuGroup = fromKit('DropdownMenuGroup');
export const DropdownMenuContent = fromKit('DropdownMenuContent');
export const DropdownMenuItem = fromKit('DropdownMenuItem');
export const DropdownMenuLabel = fromKit('DropdownMenuLabel');
export const DropdownMenuSeparator = fromKit('DropdownMenuSeparator');
