export * from './core.ts';
export * from './masters.ts';
export * from './books.ts';
