export * from './postings.ts';
export * from './rules.ts';
export * from './notices.ts';
