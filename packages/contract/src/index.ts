// Entry point for `@exhale/contract`. Prefer the module paths (`@exhale/contract/money`): they keep
// each import's purpose visible and let bundlers drop what a page does not use.
export * from './auth';
export * from './brand';
export * from './content';
export * from './envelope';
export * from './formats';
export * from './ist';
export * from './lessons';
export * from './limits';
export * from './messages';
export * from './money';
export * from './payments';
export * from './programme';
export * from './refund-window';
export * from './sim-score';
export * from './step-schema';
export * from './steps';
