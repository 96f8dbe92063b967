import type { CustomerKyc, PledgeView } from '@pledge-desk/domain';
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

/** GET /customers/41/kyc: Murugan's photograph and his nominee, nothing missing. */
export function muruganKyc(patch: Partial<CustomerKyc> = {}): CustomerKyc {
  return {
    customer_id: 41,
    documents: [],
    photo: '/api/files/77?exp=1&sig=photo',
    nominee: { name: 'செல்வி', relation: 'மனைவி', mobile: '9842099999' },
    form60_declared_on: null,
    id_proof_needs_review: false,
    pan_rule: { applies: true, threshold: 50000 },
    open_loans: 48900,
    pan_needed: false,
    gaps: [],
    status: 'complete',
    incomplete_mode: 'warn',
    ...patch,
  };
}
