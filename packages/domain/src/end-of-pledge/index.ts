export * from './bank-repledge.ts';
export * from './postings.ts';
export * from './rules.ts';
