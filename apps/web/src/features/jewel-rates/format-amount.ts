import { formatRupees, rupeesToPaise } from '@pledge-desk/domain';

/** Rupees as the API carries them, shown with Indian grouping: 6886.5 → "Rs. 6,886.50". */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}
