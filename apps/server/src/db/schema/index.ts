export * from './core.ts';
export * from './masters.ts';
