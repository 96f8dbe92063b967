import type { PledgeView } from '@pledge-desk/domain';
import { pledgeView } from '@/test/pledge-fixtures';

export { murugan, pledgeView } from '@/test/pledge-fixtures';

/** Pledge number n of a long list (newest first), without items. */
export function pledgeNo(n: number): PledgeView {
  return pledgeView({
    pledge_id: n,
    id: n,
    pledge_no: `GL/2026-27/${String(n).padStart(4, '0')}`,
    customer_name: `Customer ${n}`,
    customer_acc_code: `C${String(n).padStart(6, '0')}`,
    items: [],
  });
}
