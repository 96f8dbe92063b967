export * from './auction.ts';
export * from './bank-repledge.ts';
export * from './kept-weights.ts';
export * from './notices.ts';
export * from './postings.ts';
export * from './release.ts';
export * from './rules.ts';
