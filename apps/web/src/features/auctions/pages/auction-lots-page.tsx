import { formatIndianDate } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { useLots } from '../api/auctions-api';
import { AuctionTabs, Card, State, td, th } from '../components/bits';

/** Auction lots (/auctions): every lot, latest auction first. */
export function AuctionLotsPage() {
  const lots = useLots();
  let body: React.ReactNode;
  if (lots.isPending) body = <State kind="loading" message="Loading the auction lots..." />;
  else if (lots.isError)
    body = <State kind="error" message={errorMessage(lots.error, 'Failed to load the lots.')} />;
  else if (lots.data.items.length === 0)
    body = (
      <State
        kind="empty"
        message="No auction lots yet. Make one from the pledges whose notice period has passed."
      />
    );
  else
    body = (
      <div className="overflow-x-auto">
        <table className="min-w-full">
          <caption className="sr-only">Auction lots</caption>
          <thead>
            <tr>
              <th className={th}>Lot No.</th>
              <th className={th}>Auction date</th>
              <th className={th}>Venue</th>
              <th className={th}>Auctioneer</th>
              <th className={th}>Pledges</th>
              <th className={th}>Sold</th>
              <th className={th}>Withdrawn</th>
              <th className={th}>Status</th>
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
                <td className={td}>{l.status === 'open' ? 'Open' : 'Closed'}</td>
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
        title="Auction Lots"
        actions={
          <Link
            to="/auctions/new"
            className="inline-flex items-center rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            New lot
          </Link>
        }
      >
        {body}
      </Card>
    </div>
  );
}

export default AuctionLotsPage;
