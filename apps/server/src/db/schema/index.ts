export * from './books.ts';
export * from './branch-day.ts';
export * from './core.ts';
export * from './idempotency.ts';
export * from './legacy.ts';
export * from './masters.ts';
export * from './payments.ts';
export * from './pledges.ts';
