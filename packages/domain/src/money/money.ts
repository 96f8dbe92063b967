/**
 * Money in integer paise (docs/domain-rules.md §1). Every conversion from the rupee numbers of JSON goes
 * through `rupeesToPaise`, which parses the decimal text instead of multiplying by 100, because
 * `0.29 * 100` is `28.999999999999996` in binary floating point.
 */

/** Thrown when a value cannot be money: not an integer number of paise, NaN, too many decimals. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

/**
 * The one guard for paise (docs/domain-rules.md §1): a safe integer, nothing else. Every function that takes
 * paise calls it, so a fractional amount never slips into a sum or a voucher.
 */
export function assertPaise(value: number, label = 'amount'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new MoneyError(`${label} must be a whole number of paise, got ${String(value)}`);
  }
  return value;
}

export function isPaise(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Round half up on a real number, to the nearest integer; halves go away from zero (commercial
 * rounding, `roundHalfUp(2.5) = 3`, `roundHalfUp(-2.5) = -3`). For exact integer ratios use
 * `divRoundHalfUp`, which never sees a binary fraction.
 */
export function roundHalfUp(value: number): number {
  if (!Number.isFinite(value)) throw new MoneyError(`cannot round ${String(value)}`);
  // Not Math.floor(x + 0.5): that gives 1 for 0.49999999999999994, since the sum rounds up to 1.
  const abs = Math.abs(value);
  let rounded = Math.floor(abs);
  if (abs - rounded >= 0.5) rounded += 1;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * `roundHalfUp(numerator / denominator)` computed on integers, so 0.5 is exactly 0.5. Falls back to
 * BigInt when the numerator is beyond 2^53, so no precision is lost on very large products.
 */
export function divRoundHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  if (typeof numerator === 'number' && typeof denominator === 'number' && Number.isSafeInteger(numerator)) {
    if (!Number.isSafeInteger(denominator) || denominator === 0) {
      throw new MoneyError(`invalid divisor ${String(denominator)}`);
    }
    const negative = numerator < 0 !== denominator < 0;
    const n = Math.abs(numerator);
    const d = Math.abs(denominator);
    const { quotient: q, remainder: r } = floorDivMod(n, d);
    const result = 2 * r >= d ? q + 1 : q;
    return negative && result !== 0 ? -result : result;
  }
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new MoneyError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if (2n * (an % ad) >= ad) q += 1n;
  const result = Number(negative ? -q : q);
  if (!Number.isSafeInteger(result)) throw new MoneyError('result is beyond the safe integer range');
  return result === 0 ? 0 : result;
}

/** `roundHalfUp(product of factors / divisor)` on integers, exact even when the product passes 2^53. */
export function mulDivRoundHalfUp(factors: readonly number[], divisor: number): number {
  let product = 1;
  for (const f of factors) {
    if (!Number.isSafeInteger(f)) throw new MoneyError(`factor must be an integer, got ${String(f)}`);
    product *= f;
  }
  if (Number.isSafeInteger(product)) return divRoundHalfUp(product, divisor);
  let big = 1n;
  for (const f of factors) big *= BigInt(f);
  return divRoundHalfUp(big, BigInt(divisor));
}

/**
 * Exact floor division of safe integers (denominator > 0). `Math.floor(n / d)` alone can land one off
 * when n / d is within a rounding step of an integer (large n), so the remainder corrects it.
 */
export function floorDivMod(numerator: number, denominator: number): { quotient: number; remainder: number } {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  while (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  }
  while (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return { quotient, remainder };
}

/** Exact floor division on safe integers (towards −∞), denominator > 0. */
export function divFloor(numerator: number, denominator: number): number {
  return floorDivMod(numerator, denominator).quotient;
}

/**
 * Parses a decimal number of units (rupees with 2 decimals, grams with 3) into an integer of the minor
 * unit, from its text. Trailing zeros beyond the allowed places are accepted (`'1.230'` is 1.23).
 */
export function parseDecimalToMinor(x: number | string, places: number, label: string): number {
  let text: string;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new MoneyError(`${label} must be a finite number, got ${String(x)}`);
    // String(x) is the shortest text that reads back as x: String(0.29) === '0.29'.
    text = String(x);
  } else if (typeof x === 'string') {
    text = x.trim();
  } else {
    throw new MoneyError(`${label} must be a number or a decimal string`);
  }
  const match = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/.exec(text);
  if (!match) throw new MoneyError(`${label} is not a decimal number: ${JSON.stringify(text)}`);
  const sign = match[1] === '-' ? -1 : 1;
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? match[4] ?? '').replace(/0+$/, '');
  if (fraction.length > places) {
    throw new MoneyError(`${label} has more than ${places} decimals: ${text}`);
  }
  const minor = Number(whole + fraction.padEnd(places, '0'));
  if (!Number.isSafeInteger(minor)) throw new MoneyError(`${label} is too large: ${text}`);
  return minor === 0 ? 0 : sign * minor;
}

/** Rupees (JSON number or decimal text, at most 2 decimals) to integer paise (docs/domain-rules.md §1). */
export function rupeesToPaise(x: number | string): number {
  return parseDecimalToMinor(x, 2, 'amount');
}

/**
 * Paise to a rupee number for JSON. Dividing an integer by 100 yields the double nearest to the
 * decimal, the same value `Number('0.29')` gives, so it round-trips through `rupeesToPaise`.
 */
export function paiseToRupees(p: number): number {
  assertPaise(p);
  return p / 100;
}

/** Groups the digits of a non-negative integer string the Indian way: 1234567 -> 12,34,567. */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let head = digits.slice(0, -3);
  const groups: string[] = [];
  while (head.length > 2) {
    groups.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head.length > 0) groups.unshift(head);
  return `${groups.join(',')},${last3}`;
}

/** Paise as Indian-grouped rupees with 2 decimals: 123456789 -> "12,34,567.89" (docs/domain-rules.md §1.4). */
export function formatIndianNumber(paise: number): string {
  assertPaise(paise);
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs - rupees * 100;
  const body = `${groupIndianDigits(String(rupees))}.${String(rest).padStart(2, '0')}`;
  return negative ? `-${body}` : body;
}

export type RupeeSymbol = 'Rs. ' | '₹';

/**
 * Paise with the currency prefix, `Rs. ` by default or `₹` where a spec message says so
 * (docs/domain-rules.md §1.4). A negative amount puts the minus before the symbol: "-Rs. 12.50".
 */
export function formatRupees(paise: number, symbol: RupeeSymbol = 'Rs. '): string {
  const text = formatIndianNumber(paise);
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** Sum of paise amounts, guarding each one. */
export function sumPaise(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += assertPaise(v);
  return assertPaise(total, 'sum');
}
