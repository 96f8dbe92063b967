import {
  type AuctionCatalogueEntry,
  businessToday,
  pledgeBalanceSchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { apiRequest } from '@/lib/api-client';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useRecordSale } from '../api/auctions-api';
import { auctionText } from '../i18n';
import { Alert, MethodSelect, problemsOf } from './bits';

/**
 * Record the sale of one pledge of a lot: the outstanding as of the sale date (the server's balance)
 * and the surplus owed to the pawner or the shortfall due from them, shown before saving.
 */
export function SaleForm({
  lotId,
  entry,
  defaultAuctioneer,
  onDone,
}: {
  lotId: number;
  entry: AuctionCatalogueEntry;
  defaultAuctioneer: string;
  onDone: () => void;
}) {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const today = businessToday();
  const [saleDate, setSaleDate] = useState(entry.sale_after > today ? entry.sale_after : today);
  const [auctioneer, setAuctioneer] = useState(defaultAuctioneer);
  const [buyerName, setBuyerName] = useState('');
  const [buyerAddress, setBuyerAddress] = useState('');
  const [price, setPrice] = useState('');
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [confirmCash, setConfirmCash] = useState(false);
  const submission = useIdempotentSubmit();
  const sale = useRecordSale(lotId);
  const balance = useQuery({
    queryKey: ['auctions', 'sale-balance', entry.pledge_id, saleDate],
    queryFn: async ({ signal }) =>
      pledgeBalanceSchema.parse(
        await apiRequest(`/pledges/${entry.pledge_id}/balance`, { query: { as_of: saleDate }, signal }),
      ),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(saleDate) && saleDate <= today,
  });
  const problems = problemsOf(sale.error);
  const priceNumber = Number(price);
  const priceOk = price !== '' && Number.isFinite(priceNumber) && priceNumber > 0;
  const outstanding = balance.data?.total_outstanding;
  const difference =
    priceOk && outstanding !== undefined
      ? (rupeesToPaise(priceNumber) - rupeesToPaise(outstanding)) / 100
      : null;
  const needsConfirm = problems.fields.cash_limit_confirmed !== undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      pledge_id: entry.pledge_id,
      sale_date: saleDate,
      auctioneer,
      buyer_name: buyerName,
      buyer_address: buyerAddress || null,
      sale_price: priceNumber,
      payment_method: method,
      payment_reference: reference || null,
      cash_limit_confirmed: confirmCash,
    };
    submission.send(body, (key) => sale.mutateAsync({ body, key }), { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t('saleForm', { pledge: entry.pledge_no })}
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50/40 p-4 dark:border-navy-600 dark:bg-navy-900"
    >
      <h3 className="font-semibold text-navy-700 dark:text-white">
        {t('recordSaleOf', { pledge: entry.pledge_no })}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <DateField
          label={t('saleDate')}
          value={saleDate}
          onChange={(e) => setSaleDate(e.target.value)}
          error={problems.fields.sale_date && messageText(problems.fields.sale_date)}
        />
        <TextField
          label={t('auctioneer')}
          value={auctioneer}
          maxLength={200}
          onChange={(e) => setAuctioneer(e.target.value)}
          error={problems.fields.auctioneer}
        />
        <TextField
          label={t('salePrice')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={problems.fields.sale_price}
        />
        <TextField
          label={t('buyerName')}
          value={buyerName}
          maxLength={200}
          onChange={(e) => setBuyerName(e.target.value)}
          error={problems.fields.buyer_name}
        />
        <TextField
          label={t('buyerAddress')}
          value={buyerAddress}
          maxLength={500}
          onChange={(e) => setBuyerAddress(e.target.value)}
          error={problems.fields.buyer_address}
        />
        <MethodSelect value={method} onChange={setMethod} error={problems.fields.payment_method} />
        {method !== 'cash' ? (
          <TextField
            label={t('bankReference')}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            error={problems.fields.payment_reference}
          />
        ) : null}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-3" aria-live="polite">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('outstandingOnSale')}</dt>
          <dd className="font-semibold" data-testid="sale-outstanding">
            {balance.isPending
              ? '…'
              : balance.isError
                ? t('notAvailable')
                : formatRupeeAmount(balance.data.total_outstanding)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('principalInterest')}</dt>
          <dd>
            {balance.data
              ? `${formatRupeeAmount(balance.data.remaining_principal)} + ${formatRupeeAmount(balance.data.remaining_interest)}`
              : '…'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{t('result')}</dt>
          <dd className="font-semibold" data-testid="sale-result">
            {difference === null
              ? t('enterPrice')
              : difference > 0
                ? t('surplusOwed', { amount: formatRupeeAmount(difference) })
                : difference < 0
                  ? t('shortfallDue', { amount: formatRupeeAmount(-difference) })
                  : t('evenSale')}
          </dd>
        </div>
      </dl>
      {needsConfirm ? (
        <label className="flex items-center gap-2 text-sm text-navy-700 dark:text-white">
          <input type="checkbox" checked={confirmCash} onChange={(e) => setConfirmCash(e.target.checked)} />
          {`${messageText(problems.fields.cash_limit_confirmed ?? '')} ${t('confirmCashReceipt')}`}
        </label>
      ) : null}
      <Alert message={problems.sentence} />
      <div className="flex gap-2">
        <Button type="submit" disabled={sale.isPending}>
          {sale.isPending ? t('saving') : t('saveSale')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
