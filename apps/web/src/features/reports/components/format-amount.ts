import { formatIndianNumber, rupeesToPaise } from '@pledge-desk/domain';

/** A rupee amount of the API (2 decimals at most) in Indian grouping: 125000 → "1,25,000.00". */
export function formatAmount(rupees: number): string {
  return formatIndianNumber(rupeesToPaise(rupees));
}
