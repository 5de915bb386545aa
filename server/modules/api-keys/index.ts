// The api-keys module's public face: other modules import only from here (eslint enforces it).
export { authenticateApiKey, recordApiKeyUse, routeScope, spendApiKeyBudget } from './authenticate';
export { apiKeyNames } from './names.repo';
