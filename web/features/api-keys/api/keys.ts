export const apiKeyKeys = { all: ['api-keys'] as const };
