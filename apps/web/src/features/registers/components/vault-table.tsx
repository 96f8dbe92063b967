import { formatIndianDate, type VaultRegister, type VaultRow } from '@pledge-desk/domain';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { registerBoth, registersText } from '../i18n';
import { Bilingual, grams, muted, num, td, th } from './headings';

/** The vault's articles as a table. */
export function VaultTable({ rows, label }: { rows: readonly VaultRow[]; label: string }) {
  const t = useT(registersText);
  // A wide register scrolls sideways on a narrow screen; the keyboard scrolls it once focused.
  return (
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled from the keyboard.
      tabIndex={0}
      aria-label={t('scrollsSideways', { label })}
    >
      <table className="w-full min-w-[60rem] text-sm" aria-label={label}>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="pledgeNo" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="packetNo" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="date" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="customer" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="jewelType" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="description" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="count" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="grossWeight" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="netWeight" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.item_id} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
              <td className={`${td} font-mono font-semibold whitespace-nowrap`}>{r.pledge_no}</td>
              <td className={`${td} font-mono whitespace-nowrap`}>{r.packet_no}</td>
              <td className={`${td} tabular-nums whitespace-nowrap`}>{formatIndianDate(r.pledge_date)}</td>
              <td className={td}>{r.customer_name}</td>
              <td className={td}>{r.jewel_type ?? '—'}</td>
              <td className={td}>
                {r.description}
                {r.condition ? <span className={`block ${muted}`}>{r.condition}</span> : null}
              </td>
              <td className={`${td} ${num}`}>{formatCount(r.count)}</td>
              <td className={`${td} ${num}`}>{grams(r.gross_weight)}</td>
              <td className={`${td} ${num}`}>{grams(r.net_weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Totals by jewel type and overall, for the physical check. */
export function VaultTotals({ totals }: { totals: VaultRegister['totals'] }) {
  const t = useT(registersText);
  const { en, ta } = registerBoth;
  return (
    <div className="overflow-x-auto px-3 pb-4">
      <table className="w-full max-w-2xl text-sm" aria-label={t('totalsByJewelType')}>
        <caption className="mb-2 text-left text-sm font-bold text-navy-700 dark:text-white">
          {en('totalsByJewelType')} <span lang="ta">/ {ta('totalsByJewelType')}</span>
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="jewelType" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('pledges')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="count" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="grossWeight" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="netWeight" />
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.by_jewel_type.map((t) => (
            <tr key={t.jewel_type ?? ''} className="border-b border-slate-100 dark:border-navy-700">
              <td className={td}>{t.jewel_type ?? '—'}</td>
              <td className={`${td} ${num}`}>{formatCount(t.pledges)}</td>
              <td className={`${td} ${num}`}>{formatCount(t.items)}</td>
              <td className={`${td} ${num}`}>{grams(t.gross_weight)}</td>
              <td className={`${td} ${num}`}>{grams(t.net_weight)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
            <th scope="row" className={`${td} text-left`}>
              {en('total')} <span lang="ta">/ {ta('total')}</span>
            </th>
            <td className={`${td} ${num}`}>{formatCount(totals.overall.pledges)}</td>
            <td className={`${td} ${num}`}>{formatCount(totals.overall.items)}</td>
            <td className={`${td} ${num}`}>{grams(totals.overall.gross_weight)}</td>
            <td className={`${td} ${num}`}>{grams(totals.overall.net_weight)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
