export * from './id-numbers.ts';
export * from './kyc-status.ts';
