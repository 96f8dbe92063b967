export * from './id-numbers.ts';
