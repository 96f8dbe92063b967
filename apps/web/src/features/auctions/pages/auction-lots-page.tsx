import { formatIndianDate } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useLots } from '../api/auctions-api';
import { AuctionTabs, Card, State, td, th } from '../components/bits';
import { type AuctionKey, auctionText } from '../i18n';

const HEADINGS: readonly AuctionKey[] = [
  'lotNo',
  'auctionDate',
  'venue',
  'auctioneer',
  'pledges',
  'sold',
  'withdrawn',
  'status',
];

/** Auction lots (/auctions): every lot, latest auction first. */
export function AuctionLotsPage() {
  const t = useT(auctionText);
  const lots = useLots();
  let body: React.ReactNode;
  if (lots.isPending) body = <State kind="loading" message={t('loadingLots')} />;
  else if (lots.isError) body = <State kind="error" message={errorMessage(lots.error, t('lotsFailed'))} />;
  else if (lots.data.items.length === 0) body = <State kind="empty" message={t('noLots')} />;
  else
    body = (
      <div className="overflow-x-auto">
        <table className="min-w-full">
          <caption className="sr-only">{t('auctionLotsCaption')}</caption>
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
            {lots.data.items.map((l) => (
              <tr key={l.id} className="border-t border-slate-100 dark:border-navy-700">
                <td className={td}>
                  <Link
                    to={`/auctions/lot?id=${l.id}`}
                    className="font-semibold text-brand-600 underline dark:text-brand-300"
                  >
                    {l.lot_no}
                  </Link>
                </td>
                <td className={td}>{formatIndianDate(l.auction_date)}</td>
                <td className={td}>{l.venue ?? '—'}</td>
                <td className={td}>{l.auctioneer ?? '—'}</td>
                <td className={td}>{l.pledges}</td>
                <td className={td}>{l.sold}</td>
                <td className={td}>{l.withdrawn}</td>
                <td className={td}>{l.status === 'open' ? t('lotOpen') : t('lotClosed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <Card
        title={t('auctionLots')}
        actions={
          <Link
            to="/auctions/new"
            className="inline-flex items-center rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {t('tabNewLot')}
          </Link>
        }
      >
        {body}
      </Card>
    </div>
  );
}

export default AuctionLotsPage;
