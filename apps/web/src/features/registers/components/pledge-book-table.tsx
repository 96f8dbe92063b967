import { formatIndianDate, type PledgeBookRow } from '@pledge-desk/domain';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { registersText } from '../i18n';
import { Bilingual, grams, muted, num, td, th } from './headings';

function HeadRow() {
  return (
    <tr className="border-b border-slate-200 dark:border-navy-600">
      <th scope="col" className={`${th} text-right`}>
        <Bilingual name="serial" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="pledgeNo" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="date" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="pawner" />
      </th>
      <th scope="col" className={`${th} text-right`}>
        <Bilingual name="amountLent" />
      </th>
      <th scope="col" className={`${th} text-right`}>
        <Bilingual name="interest" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="period" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="articles" />
      </th>
      <th scope="col" className={`${th} text-right`}>
        <Bilingual name="weight" />
      </th>
      <th scope="col" className={`${th} text-right`}>
        <Bilingual name="value" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="payments" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="redeemed" />
      </th>
      <th scope="col" className={`${th} text-left`}>
        <Bilingual name="redeemer" />
      </th>
    </tr>
  );
}

function EntryRow({ r }: { r: PledgeBookRow }) {
  const t = useT(registersText);
  return (
    <tr className="border-b border-slate-100 last:border-0 dark:border-navy-700">
      <td className={`${td} ${num}`}>{r.serial}</td>
      <td className={`${td} font-mono font-semibold whitespace-nowrap`}>{r.pledge_no}</td>
      <td className={`${td} tabular-nums whitespace-nowrap`}>{formatIndianDate(r.pledge_date)}</td>
      <td className={`${td} min-w-48`}>
        <span className="font-semibold">{r.customer_name}</span>
        {r.customer_name_ta ? (
          <span lang="ta" className="block">
            {r.customer_name_ta}
          </span>
        ) : null}
        <span className={`block ${muted}`}>
          {t('careOf', { code: r.customer_code, guardian: r.guardian_name })}
        </span>
        <span className={`block ${muted}`}>{r.address}</span>
      </td>
      <td className={`${td} ${num}`}>{formatAmount(r.amount_lent)}</td>
      <td className={`${td} ${num}`}>
        {t('perMonth', { rate: r.interest_rate.toFixed(2) })}
        <span className={`block ${muted}`}>{formatAmount(r.first_month_interest)}</span>
      </td>
      <td className={`${td} whitespace-nowrap`}>
        {t('months', { count: r.duration_months })}
        <span className={`block ${muted}`}>{t('due', { date: formatIndianDate(r.due_date) })}</span>
      </td>
      <td className={`${td} min-w-48`}>
        <ul>
          {r.articles.map((a) => (
            <li key={a.item_id}>
              {a.count} × {a.description}
              {a.jewel_type ? <span className={muted}> ({a.jewel_type})</span> : null}
              <span className={`${muted} tabular-nums`}>
                {' '}
                {grams(a.gross_weight)}/{grams(a.net_weight)}
              </span>
            </li>
          ))}
        </ul>
        <span className={muted}>{t('inAll', { count: r.item_count })}</span>
      </td>
      <td className={`${td} ${num}`}>
        {grams(r.gross_weight)}
        <span className={`block ${muted}`}>{t('net', { weight: grams(r.net_weight) })}</span>
      </td>
      <td className={`${td} ${num}`}>{formatAmount(r.value)}</td>
      <td className={`${td} whitespace-nowrap`}>
        {r.payments.length === 0 ? (
          <span className={muted}>—</span>
        ) : (
          <ul>
            {r.payments.map((p) => (
              <li key={p.payment_id} className="tabular-nums">
                {p.reversed ? (
                  <>
                    <s>
                      {formatIndianDate(p.payment_date)} {formatAmount(p.amount)}
                    </s>{' '}
                    <span className={muted}>{t('reversed')}</span>
                  </>
                ) : (
                  <>
                    {formatIndianDate(p.payment_date)} {formatAmount(p.amount)}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={`${td} whitespace-nowrap`}>
        {r.closed_date ? t('redeemed', { date: formatIndianDate(r.closed_date) }) : null}
        {r.auction_date ? t('auctioned', { date: formatIndianDate(r.auction_date) }) : null}
        {r.closed_by === 'renewal' && r.released_on
          ? t('renewed', { date: formatIndianDate(r.released_on) })
          : null}
        {r.closed_by === 'payment' && r.released_on ? (
          <span className={`block ${muted}`}>{t('released', { date: formatIndianDate(r.released_on) })}</span>
        ) : null}
        {!r.closed_by && !r.auction_date ? <span className={muted}>{t('open')}</span> : null}
      </td>
      <td className={`${td} min-w-32`}>
        {r.redeemer ? (
          <>
            <span className="font-semibold">{r.redeemer.name}</span>
            <span className={`block ${muted}`}>{t('redeemerKind', { kind: r.redeemer.kind })}</span>
          </>
        ) : (
          <span className={muted}>—</span>
        )}
      </td>
    </tr>
  );
}

/** The pledge book's entries as a table (one page of the screen, or one printed page). */
export function PledgeBookTable({ rows, label }: { rows: readonly PledgeBookRow[]; label: string }) {
  const t = useT(registersText);
  // A wide register scrolls sideways on a narrow screen; the keyboard scrolls it once focused.
  return (
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled from the keyboard.
      tabIndex={0}
      aria-label={t('scrollsSideways', { label })}
    >
      <table className="w-full min-w-[80rem] text-sm" aria-label={label}>
        <thead>
          <HeadRow />
        </thead>
        <tbody>
          {rows.map((r) => (
            <EntryRow key={r.pledge_id} r={r} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The rows grouped by their fixed printed page, in order: [[page, rows], …]. */
export function byPrintedPage(rows: readonly PledgeBookRow[]): [number, PledgeBookRow[]][] {
  const pages: [number, PledgeBookRow[]][] = [];
  for (const r of rows) {
    const last = pages.at(-1);
    if (last && last[0] === r.page) last[1].push(r);
    else pages.push([r.page, [r]]);
  }
  return pages;
}
