export * from './dates/dates.ts';
export * from './money/money.ts';
export * from './money/units.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/company.ts';
