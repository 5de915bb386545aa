// The settings-lists module's public face: other modules import only from here (eslint enforces it).
export {
  existingIds,
  findOrCreateItems,
  listItems,
  namesById,
  settingsItemNamesOf,
  settingsItemsOf,
} from './settings-lists.repo';
export { listSettingsItems } from './settings-lists.service';
export { seedOrganizationDefaults } from './settings-lists.repo';
