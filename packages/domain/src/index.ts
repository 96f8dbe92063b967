// @pledge-desk/domain: the pure rules of docs/domain-rules.md, shared by the server and the web app.

export * from './cash/index.ts';
export * from './compliance/index.ts';
export * from './constants/business.ts';
export * from './dates/dates.ts';
export * from './end-of-pledge/index.ts';
export * from './errors/field-error.ts';
export * from './interest/interest.ts';
export * from './ledger/invariants.ts';
export * from './ledger/postings.ts';
export * from './messages/message-codes.ts';
export * from './money/money.ts';
export * from './money/units.ts';
export * from './money/words.ts';
export * from './money/words-tamil.ts';
export * from './numbering/numbering.ts';
export * from './payments/allocation.ts';
export * from './payments/validation.ts';
export * from './registers/headings.ts';
export * from './registers/registers.ts';
export * from './reports/operations-range.ts';
export * from './schemas/auctions.ts';
export * from './schemas/auth.ts';
export * from './schemas/bank-repledges.ts';
export * from './schemas/branch-day.ts';
// Field builders (`schemaFields.rupees()`, `schemaFields.requiredText(…)`) under one name, so generic
// names like `id` or `status` do not crowd the package root.
export * as schemaFields from './schemas/common.ts';
export { decimalPlaces, hasAtMostDecimals } from './schemas/common.ts';
export * from './schemas/company.ts';
export * from './schemas/compliance.ts';
export * from './schemas/daybook.ts';
export * from './schemas/helpers.ts';
export * from './schemas/masters.ts';
export * from './schemas/payments.ts';
export * from './schemas/pledges.ts';
export * from './schemas/releases.ts';
export * from './schemas/renewal.ts';
export * from './schemas/responses/auctions.ts';
export * from './schemas/responses/audit.ts';
// The answers of the API, defined once: the server's response schemas and the web's parsers.
export * from './schemas/responses/bank-repledges.ts';
export * from './schemas/responses/branch-day.ts';
export * from './schemas/responses/customers.ts';
export * from './schemas/responses/dashboard.ts';
export * from './schemas/responses/legacy.ts';
export * from './schemas/responses/masters.ts';
export * from './schemas/responses/notices.ts';
export * from './schemas/responses/operations-reports.ts';
export * from './schemas/responses/payments.ts';
export * from './schemas/responses/pledges.ts';
export * from './schemas/responses/registers.ts';
export * from './schemas/responses/releases.ts';
export * from './schemas/responses/renewal.ts';
export * from './schemas/responses/reports.ts';
export * from './tscii/index.ts';
export * from './valuation/pledge-check.ts';
export * from './valuation/valuation.ts';
