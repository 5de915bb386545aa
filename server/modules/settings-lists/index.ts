// The settings-lists module's public face: other modules import only from here (eslint enforces it).
export {
  existingIds,
  findOrCreateItems,
  listItems,
  namesById,
  settingsItemNamesOf,
  settingsItemsOf,
} from './settings-lists.repo';
export { listSettingsItems, seedOrganizationDefaults } from './settings-lists.service';
