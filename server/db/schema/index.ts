export * from './auth';
export * from './organizations';
export * from './platform';
export * from './notifications';
export * from './public-forms';
export * from './inventory';
export * from './jobs';
export * from './people';
