import { complianceSettingsViewSchema, dashboardSchema } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { dashboardShape } from '@/features/dashboard/api/get-dashboard';
import type { Shape } from '@/lib/shape';
import { complianceViewShape } from '@/shared/api/compliance-settings';
import { complianceView } from '@/test/helpers';

/**
 * The shell's answer shapes (lib/shape.ts) against the domain's zod schemas they stand for: the same
 * answers read, the same refused. The shapes check the kinds of value (a number, text, a listed value,
 * a whole number, null, a missing key), not the ranges the server checked before it stored the
 * settings, so the changed answers here change kinds.
 */
function variants(
  value: unknown,
  path: string[] = [],
): { path: string; answer: (root: unknown) => unknown }[] {
  const out: { path: string; answer: (root: unknown) => unknown }[] = [];
  const replace = (root: unknown, at: string[], next: unknown | typeof DELETE): unknown => {
    if (at.length === 0) return next;
    const [head, ...rest] = at as [string, ...string[]];
    const copy = Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) };
    const inner = replace((root as Record<string, unknown>)[head], rest, next);
    if (inner === DELETE) delete (copy as Record<string, unknown>)[head];
    else (copy as Record<string, unknown>)[head] = inner;
    return copy;
  };
  const add = (label: string, next: unknown) =>
    out.push({ path: `${path.join('.')} ${label}`, answer: (root) => replace(root, path, next) });
  if (path.length > 0) {
    add('left out', DELETE);
    add('null', null);
  }
  if (typeof value === 'number') {
    add('as text', String(value));
    add('with a fraction', value + 0.5);
    add('not finite', Number.POSITIVE_INFINITY);
  } else if (typeof value === 'string') {
    add('as a number', 7);
    add('unknown text', 'zz-unknown');
  } else if (typeof value === 'boolean') {
    add('as text', String(value));
  } else if (Array.isArray(value)) {
    add('as an object', {});
    for (const [i, item] of value.entries()) out.push(...variants(item, [...path, String(i)]));
  } else if (typeof value === 'object' && value !== null) {
    add('as a list', []);
    for (const [key, item] of Object.entries(value)) out.push(...variants(item, [...path, key]));
  }
  return out;
}
const DELETE = Symbol('delete');

type Schema = typeof dashboardSchema | typeof complianceSettingsViewSchema;
/** zod's refusals of a range or a rule between fields (the server's checks), not of a kind. */
const RULE_CODES = new Set(['custom', 'too_small', 'too_big']);

function expectAgreement(shape: Shape<unknown>, schema: Schema, sample: unknown) {
  const whole = schema.safeParse(sample);
  expect(whole.success, 'the sample fits the domain schema').toBe(true);
  expect(shape.parse(sample)).toEqual(whole.data);
  expect(shape.parse({ ...(sample as object), extra: 1 })).toEqual(whole.data);
  const changed = variants(sample);
  expect(changed.length).toBeGreaterThan(40);
  for (const { path, answer } of changed) {
    const changedAnswer = answer(sample);
    const expected = schema.safeParse(changedAnswer);
    const actual = shape.safeParse(changedAnswer);
    const onlyRules = !expected.success && expected.error.issues.every((issue) => RULE_CODES.has(issue.code));
    expect(actual.success, path).toBe(expected.success || onlyRules);
    if (expected.success && actual.success) expect(actual.data, path).toEqual(expected.data);
  }
}

describe('the shell reads the answers the domain schemas read, and refuses the others', () => {
  it('the compliance settings (the licence banner)', () => {
    // The shared fixture as an RBI branch whose licence is running out, that blocks incomplete KYC.
    const sample = complianceView({
      regime: 'rbi',
      licence_state: 'expiring',
      licence_days_left: 12,
      licence_message: 'The licence expires in 12 days',
      interest_ceiling: 2.5,
      pan_threshold: 500000,
      pan_default: { applies: true, threshold: 500000 },
      kyc_incomplete_mode: 'block',
    });
    expectAgreement(complianceViewShape, complianceSettingsViewSchema, sample);
  });

  it('the dashboard', () => {
    const sample = {
      as_of: '2026-11-29',
      earnings: 1234.5,
      spend_this_month: 50000,
      sales: { count: 4, growth_percent: -12.5 },
      balance: 10000.25,
      daily: [{ date: '2026-11-01', disbursed: 100, collected: 50.5 }],
      weekly: [{ date: '2026-11-29', interest: 10, charges: 2 }],
      due: [
        {
          pledge_id: 7,
          pledge_no: 'A-7',
          customer_name: 'Lakshmi',
          status: 'overdue',
          due_date: '2026-11-20',
          progress: 100,
        },
        {
          pledge_id: 8,
          pledge_no: 'B-8',
          customer_name: 'Murugan',
          status: 'due_soon',
          due_date: '2026-12-02',
          progress: 90,
          company_id: 2,
          company_name: 'Madurai',
        },
      ],
    };
    expectAgreement(dashboardShape, dashboardSchema, sample);
  });
});
