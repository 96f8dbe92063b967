export * from './notices.ts';
export * from './postings.ts';
export * from './rules.ts';
