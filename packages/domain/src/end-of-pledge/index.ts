export * from './postings.ts';
export * from './rules.ts';
