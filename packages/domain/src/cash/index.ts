export * from './cash-limit.ts';
export * from './drawer.ts';
