import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { useCreateLot, useEligible } from '../api/auctions-api';
import { Alert, AuctionTabs, Card, num, problemsOf, State, td, th } from '../components/bits';

/** New auction lot (/auctions/new): the pledges whose sent notice allows a sale by the auction date. */
export function NewLotPage() {
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
    .map(([, v]) => v);

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
  if (auctionDate === '') list = <State kind="empty" message="Choose the auction date." />;
  else if (eligible.isPending)
    list = <State kind="loading" message="Loading the pledges that may be sold..." />;
  else if (eligible.isError)
    list = <State kind="error" message={errorMessage(eligible.error, 'Failed to load the pledges.')} />;
  else if (eligible.data.items.length === 0)
    list = (
      <State
        kind="empty"
        message="No pledge may be sold on this date: none has a notice sent whose date of sale has come."
      />
    );
  else
    list = (
      <div className="overflow-x-auto">
        <table className="min-w-full">
          <caption className="sr-only">Pledges that may be sold</caption>
          <thead>
            <tr>
              <th className={th}>Choose</th>
              <th className={th}>Pledge No.</th>
              <th className={th}>Pawner</th>
              <th className={th}>Notice</th>
              <th className={th}>May be sold from</th>
              <th className={th}>Articles</th>
              <th className={th}>Net weight (g)</th>
              <th className={th}>Outstanding</th>
            </tr>
          </thead>
          <tbody>
            {eligible.data.items.map((p) => (
              <tr key={p.pledge_id} className="border-t border-slate-100 dark:border-navy-700">
                <td className={td}>
                  <input
                    type="checkbox"
                    aria-label={`Put pledge ${p.pledge_no} in the lot`}
                    checked={chosen.has(p.pledge_id)}
                    onChange={() => toggle(p.pledge_id)}
                    className="h-4 w-4"
                  />
                </td>
                <td className={td}>{p.pledge_no}</td>
                <td className={td}>{p.customer_name}</td>
                <td className={td}>
                  {p.notice_no}, sent {formatIndianDate(p.notice_sent_on)}
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
      <form onSubmit={submit} aria-label="New auction lot" className="grid gap-4">
        <Card title="New Auction Lot">
          <div className="grid gap-4 sm:grid-cols-3">
            <DateField
              label="Auction date"
              value={auctionDate}
              onChange={(e) => {
                setAuctionDate(e.target.value);
                setChosen(new Set());
              }}
              error={problems.fields.auction_date}
            />
            <TextField
              label="Venue"
              value={venue}
              maxLength={200}
              onChange={(e) => setVenue(e.target.value)}
            />
            <TextField
              label="Auctioneer"
              value={auctioneer}
              maxLength={200}
              onChange={(e) => setAuctioneer(e.target.value)}
            />
          </div>
        </Card>
        <Card
          title="Pledges that may be sold"
          actions={
            <Button type="submit" disabled={chosen.size === 0 || create.isPending}>
              {create.isPending ? 'Saving...' : `Make the lot (${chosen.size})`}
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
