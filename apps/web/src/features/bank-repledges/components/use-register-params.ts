import type { BankRepledgeStatusFilter } from '@pledge-desk/domain';
import { useSearchParams } from 'react-router';

/** The register's filters in the address (`?status=&bank_id=`), so Print and a reload keep them. */
export function useRegisterParams() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status: BankRepledgeStatusFilter = raw === 'returned' || raw === 'all' ? raw : 'open';
  const bankText = search.get('bank_id');
  const bankId = bankText && /^[1-9]\d{0,9}$/.test(bankText) ? Number(bankText) : null;
  const set = (next: { status?: BankRepledgeStatusFilter; bankId?: number | null }) => {
    const s = next.status ?? status;
    const b = next.bankId === undefined ? bankId : next.bankId;
    setSearch({ status: s, ...(b === null ? {} : { bank_id: String(b) }) }, { replace: true });
  };
  const query = `status=${status}${bankId === null ? '' : `&bank_id=${bankId}`}`;
  return { status, bankId, set, query };
}
