import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/money.ts';
import { firstMonthInterestPaise } from '../valuation/valuation.ts';
import { chargedMonths, type PaymentParts, pledgeBalance } from './interest.ts';

// docs/interest-examples.md is the staff-readable table of worked examples; each row is a test.
const here = dirname(fileURLToPath(import.meta.url));
const markdown = readFileSync(resolve(here, '../../../../docs/interest-examples.md'), 'utf8');

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

const tableLines = markdown.split('\n').filter((l) => l.trim().startsWith('|'));
const header = cells(tableLines[0] ?? '');
const rows = tableLines.slice(2).map((line) => {
  const values = cells(line);
  return Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])) as Record<string, string>;
});

const money = (text: string): number => rupeesToPaise(text.replaceAll(',', ''));
const rateBp = (text: string): number => money(text); // percent with 2 decimals = basis points

function parsePayments(text: string): PaymentParts[] {
  if (text === '—' || text === '') return [];
  return text.split(';').map((part) => {
    const match = /^\s*(\d{4}-\d{2}-\d{2}):\s*([\d,.]+)\s*\+\s*([\d,.]+)\s*$/.exec(part);
    if (!match) throw new Error(`cannot read payment "${part}"`);
    return { date: match[1]!, interestPaise: money(match[2]!), principalPaise: money(match[3]!) };
  });
}

describe('interest and balance examples (docs/interest-examples.md, docs/domain-rules.md §3)', () => {
  it('has at least 40 worked examples', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows.map((r) => [`${r['#']}. ${r.case}`, r] as const))('%s', (_name, r) => {
    const balance = pledgeBalance(
      {
        loanPaise: money(r['loan (Rs.)']!),
        rateBp: rateBp(r['rate (% a month)']!),
        pledgeDate: r['pledge date']!,
        firstMonthInterestPaise: money(r['first month interest (Rs.)']!),
        payments: parsePayments(r['payments (date: interest + principal, Rs.)']!),
      },
      r['as of']!,
    );
    // the table's first month interest is the rule's roundHalfUp(loan × rate)
    expect(firstMonthInterestPaise(money(r['loan (Rs.)']!), rateBp(r['rate (% a month)']!))).toBe(
      money(r['first month interest (Rs.)']!),
    );
    expect(balance.daysElapsed).toBe(Number(r.days));
    expect(chargedMonths(balance.daysElapsed)).toBe(Number(r['charged months']));
    expect(balance.monthsElapsed).toBe(Math.floor(Number(r.days) / 30));
    expect(balance.interestDuePaise).toBe(money(r['interest due (Rs.)']!));
    expect(balance.interestPaidPaise).toBe(money(r['interest paid (Rs.)']!));
    expect(balance.remainingInterestPaise).toBe(money(r['remaining interest (Rs.)']!));
    expect(balance.remainingPrincipalPaise).toBe(money(r['remaining principal (Rs.)']!));
    expect(balance.totalOutstandingPaise).toBe(money(r['total outstanding (Rs.)']!));
  });
});
