import { businessToday, formatIndianDate, REGISTER_DEFAULT_PAGE_SIZE } from '@pledge-desk/domain';
import { useEffect, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useDebounced } from '@/lib/use-debounced';
import { useSearchParamSetter } from '@/lib/use-search-param-setter';
import { RegisterFrame } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { downloadKycRegisterCsv, useKycRegister } from '../api/get-kyc-register';
import { KycGapCounts, KycRegisterTable } from '../components/kyc-register-table';
import { RegisterPager } from '../components/register-pager';
import { kycBoth, kycRegisterText } from '../kyc-i18n';

/** The search waits for a pause in typing, as the customers list's does (spec §9: 300 ms). */
export const KYC_SEARCH_DEBOUNCE_MS = 300;

type T = Translate<keyof typeof kycRegisterText.en>;

/** The line under the title: the day the register stands on, and the search when there is one. */
export const kycParameters = (t: T, search: string, today: string) =>
  search === ''
    ? t('kycAsOf', { date: formatIndianDate(today) })
    : t('kycSearchFor', { search, date: formatIndianDate(today) });

/** The print view's address for a search (the print view loads every page of it). */
export const kycPrintPath = (search: string) =>
  `/registers/kyc-incomplete/print${search === '' ? '' : `?search=${encodeURIComponent(search)}`}`;

/**
 * Incomplete KYC (/registers/kyc-incomplete): the active customers whose KYC has a gap (issue 33), what
 * each lacks, and how many lack each piece; searched and paged on the server. The search is kept in the
 * address, so Print, its Back link and a reload show the same customers.
 */
export function KycRegisterPage() {
  const t = useT(kycRegisterText);
  const messageText = useMessageText();
  const today = businessToday();
  const [address, setParam] = useSearchParamSetter();
  const [searchText, setSearchText] = useState(() => address.get('search') ?? '');
  const search = useDebounced(searchText.trim(), KYC_SEARCH_DEBOUNCE_MS);
  const inAddress = address.get('search') ?? '';
  useEffect(() => {
    if (inAddress !== search) setParam('search', search);
  }, [inAddress, search, setParam]);
  const [paging, setPaging] = useState({ search, page: 1 });
  // A page belongs to one search: a new search starts from the first page.
  const page = paging.search === search ? paging.page : 1;
  const register = useKycRegister({ search, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE });

  let body: React.ReactNode;
  if (register.isPending) body = <RegisterState kind="loading" message={t('loadingKyc')} />;
  else if (register.isError)
    body = <RegisterState kind="error" message={messageText(errorMessage(register.error, t('kycFailed')))} />;
  else if (register.data.total === 0)
    body = (
      <RegisterState
        kind="empty"
        message={search === '' ? t('kycAllComplete') : t('kycNoMatch', { search })}
      />
    );
  else {
    const { register: r, total } = register.data;
    body = (
      <>
        <KycGapCounts byGap={r.by_gap} />
        <KycRegisterTable rows={r.rows} label={t('kycRegister')} />
        <RegisterPager
          label={t('kycRegister')}
          page={page}
          pageSize={REGISTER_DEFAULT_PAGE_SIZE}
          total={total}
          unit="customers"
          isFetching={register.isFetching}
          onPage={(next) => setPaging({ search, page: next })}
        />
      </>
    );
  }

  return (
    <RegisterFrame
      title={kycBoth.en('kycTitle')}
      tamil={kycBoth.ta('kycTitle')}
      parameters={kycParameters(t, search, today)}
      printTo={kycPrintPath(search)}
      canExport={register.isSuccess}
      onDownload={() => downloadKycRegisterCsv(search, today)}
      controls={
        <TextField
          type="search"
          label={t('kycSearch')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          autoComplete="off"
          className="w-80 max-w-full"
        />
      }
    >
      {body}
    </RegisterFrame>
  );
}

export default KycRegisterPage;
