import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useCreateLot, useEligible } from '../api/auctions-api';
import { Alert, AuctionTabs, Card, num, problemsOf, State, td, th } from '../components/bits';
import { type AuctionKey, auctionText } from '../i18n';

const HEADINGS: readonly AuctionKey[] = [
  'choose',
  'pledgeNo',
  'pawner',
  'notice',
  'maySellFrom',
  'articles',
  'netWeight',
  'outstanding',
];

/** New auction lot (/auctions/new): the pledges whose sent notice allows a sale by the auction date. */
export function NewLotPage() {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [auctionDate, setAuctionDate] = useState(businessToday());
  const [venue, setVenue] = useState('');
  const [auctioneer, setAuctioneer] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const eligible = useEligible(auctionDate);
  const create = useCreateLot();
  const problems = problemsOf(create.error);
  const rowProblems = Object.entries(problems.fields)
    .filter(([k]) => k.startsWith('pledge_ids'))
    .map(([, v]) => messageText(v));

  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        auction_date: auctionDate,
        venue: venue || null,
        auctioneer: auctioneer || null,
        pledge_ids: [...chosen],
      },
      { onSuccess: (lot) => navigate(`/auctions/lot?id=${lot.id}`) },
    );
  };

  let list: React.ReactNode;
  if (auctionDate === '') list = <State kind="empty" message={t('chooseAuctionDate')} />;
  else if (eligible.isPending) list = <State kind="loading" message={t('loadingEligible')} />;
  else if (eligible.isError)
    list = <State kind="error" message={errorMessage(eligible.error, t('eligibleFailed'))} />;
  else if (eligible.data.items.length === 0) list = <State kind="empty" message={t('noEligible')} />;
  else
    list = (
      <div className="overflow-x-auto">
        <table className="min-w-full">
          <caption className="sr-only">{t('mayBeSold')}</caption>
          <thead>
            <tr>
              {HEADINGS.map((key) => (
                <th key={key} className={th}>
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {eligible.data.items.map((p) => (
              <tr key={p.pledge_id} className="border-t border-slate-100 dark:border-navy-700">
                <td className={td}>
                  <input
                    type="checkbox"
                    aria-label={t('putInLot', { pledge: p.pledge_no })}
                    checked={chosen.has(p.pledge_id)}
                    onChange={() => toggle(p.pledge_id)}
                    className="h-4 w-4"
                  />
                </td>
                <td className={td}>{p.pledge_no}</td>
                <td className={td}>{p.customer_name}</td>
                <td className={td}>
                  {t('noticeSent', { notice: p.notice_no, date: formatIndianDate(p.notice_sent_on) })}
                </td>
                <td className={td}>{formatIndianDate(p.sale_after)}</td>
                <td className={td}>{p.item_count}</td>
                <td className={num}>{p.net_weight.toFixed(3)}</td>
                <td className={num}>{formatAmount(p.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <form onSubmit={submit} aria-label={t('newLotForm')} className="grid gap-4">
        <Card title={t('newLotTitle')}>
          <div className="grid gap-4 sm:grid-cols-3">
            <DateField
              label={t('auctionDate')}
              value={auctionDate}
              onChange={(e) => {
                setAuctionDate(e.target.value);
                setChosen(new Set());
              }}
              error={problems.fields.auction_date && messageText(problems.fields.auction_date)}
            />
            <TextField
              label={t('venue')}
              value={venue}
              maxLength={200}
              onChange={(e) => setVenue(e.target.value)}
            />
            <TextField
              label={t('auctioneer')}
              value={auctioneer}
              maxLength={200}
              onChange={(e) => setAuctioneer(e.target.value)}
            />
          </div>
        </Card>
        <Card
          title={t('mayBeSold')}
          actions={
            <Button type="submit" disabled={chosen.size === 0 || create.isPending}>
              {create.isPending ? t('saving') : t('makeLot', { count: chosen.size })}
            </Button>
          }
        >
          <Alert
            message={
              problems.sentence ??
              (rowProblems.length ? rowProblems.join(' ') : (problems.fields.pledge_ids ?? null))
            }
          />
          {list}
        </Card>
      </form>
    </div>
  );
}

export default NewLotPage;
