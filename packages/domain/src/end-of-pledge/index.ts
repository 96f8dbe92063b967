export * from './auction.ts';
export * from './postings.ts';
export * from './rules.ts';
