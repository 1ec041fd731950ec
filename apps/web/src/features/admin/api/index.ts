// Queries and mutations of the console (API.md "Admin"), one module per area. Every write
// invalidates the lists it changes and the audit log, which records it.
export type { FeedbackStatus, PageArgs, QuestionGroup } from './shared';
export * from './programme';
export * from './commerce';
export * from './people';
export * from './editorial';
export * from './community';
export * from './insights';
