// The one list drizzle-kit reads; each table group lives in its own file.
export * from './users';
export * from './programme';
export * from './auth';
export * from './sim';
export * from './outbox';
export * from './money';
export * from './notifications';
export * from './content';
export * from './admin';
export * from './companion';
export * from './messaging';
export * from './backups';
export * from './renditions';
export * from './content-texts';
export * from './push';
export * from './coach';
