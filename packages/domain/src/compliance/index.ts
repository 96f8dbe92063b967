export * from './approval.ts';
export * from './licence.ts';
export * from './rbi.ts';
