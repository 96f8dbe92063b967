export * from './licence.ts';
export * from './rbi.ts';
