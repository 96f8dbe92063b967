import { gramsToMg, mgToGrams, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';

/**
 * PostgreSQL `numeric` comes back from both drivers as a string ("7450.50"). JSON carries rupees as
 * a number with at most 2 decimals (docs/domain-rules.md §1); going through integer paise keeps 0.29 as 0.29.
 */
export function rupeesFromNumeric(value: string): number {
  return paiseToRupees(rupeesToPaise(value));
}

export function numericFromRupees(rupees: number): string {
  return (rupeesToPaise(rupees) / 100).toFixed(2);
}

/** Percents (numeric(5,2)) and other 2-decimal numbers that are not money follow the same rule. */
export const numberFromNumeric = rupeesFromNumeric;
export const numericFromNumber = numericFromRupees;

/**
 * A weight column (`numeric(10,3)`, grams to the milligram) as a JSON number of grams. Never read a
 * weight with rupeesFromNumeric: 43.081 g has three decimals, which money may not have.
 */
export function gramsFromNumeric(value: string): number {
  return mgToGrams(gramsToMg(value));
}
