import { formatWeight } from '@/features/pledges/list/components/pledge-status';
import { inputClass } from '@/features/pledges/renewal/components/renew-styles';
import { renewalText } from '@/features/pledges/renewal/i18n';
import type { KeepRow } from '@/features/pledges/renewal/renew-form-model';
import type { RenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';

/**
 * The old pledge's articles: each kept (weighed again) or returned, the server's messages of the kept
 * ones, and a note under the table for each kept article heavier than stored.
 */
export function OldArticlesSection({ form, errors }: { form: RenewPreview; errors: Record<string, string> }) {
  const t = useT(renewalText);
  const messageText = useMessageText();
  const { pledge, state, set, heavier } = form;
  const keptCount = state.keepRows.filter((r) => r.keep).length;
  return (
    <section
      aria-label={t('oldArticles')}
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <h3 className="text-sm font-bold text-navy-700 dark:text-white">
        {t('oldArticlesTitle', { pledge: pledge.pledge_no })}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 dark:text-slate-400 uppercase">
              <th scope="col" className="px-2 py-2">
                {t('keep')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('design')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('grossG')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('netG')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('stored')}
              </th>
            </tr>
          </thead>
          <tbody>
            {state.keepRows.map((row, i) => {
              const item = pledge.items.find((x) => x.pledge_item_id === row.id)!;
              const index = state.keepRows.filter((r, k) => r.keep && k < i).length;
              const change = (patch: Partial<KeepRow>) =>
                set({ keepRows: state.keepRows.map((r) => (r.id === row.id ? { ...r, ...patch } : r)) });
              return (
                <tr key={row.id} className="border-b border-slate-100 last:border-0">
                  <td className="px-2 py-2">
                    <label className="inline-flex items-center gap-2 text-xs font-semibold">
                      <input
                        type="checkbox"
                        checked={row.keep}
                        onChange={(e) => change({ keep: e.target.checked })}
                        aria-label={t('keepLabel', { design: item.design_name })}
                      />
                      {row.keep ? t('keep') : t('return')}
                    </label>
                  </td>
                  <td className="px-2 py-2 font-semibold">{item.design_name}</td>
                  <td className="px-2 py-2">
                    <input
                      className={`${inputClass} text-right`}
                      inputMode="decimal"
                      disabled={!row.keep}
                      aria-label={t('grossOf', { design: item.design_name })}
                      value={row.gross}
                      onChange={(e) => change({ gross: e.target.value })}
                    />
                    {row.keep && errors[`items.keep.${index}.gross_weight`] ? (
                      <p className="mt-1 text-xs text-red-600 dark:text-red-400">
                        {messageText(errors[`items.keep.${index}.gross_weight`]!)}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-2 py-2">
                    <input
                      className={`${inputClass} text-right`}
                      inputMode="decimal"
                      disabled={!row.keep}
                      aria-label={t('netOf', { design: item.design_name })}
                      value={row.net}
                      onChange={(e) => change({ net: e.target.value })}
                    />
                    {row.keep && errors[`items.keep.${index}.net_weight`] ? (
                      <p className="mt-1 text-xs text-red-600 dark:text-red-400">
                        {messageText(errors[`items.keep.${index}.net_weight`]!)}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-2 py-2 text-xs text-slate-500 dark:text-slate-400">
                    {formatWeight(item.gross_weight, t.language)} /{' '}
                    {formatWeight(item.net_weight, t.language)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* Below the table, which scrolls sideways on a narrow screen: the note is read whole. */}
      {state.keepRows
        .filter((row) => row.keep && heavier.has(row.id))
        .map((row) => {
          const item = pledge.items.find((x) => x.pledge_item_id === row.id)!;
          return (
            <p key={row.id} className="text-sm font-semibold text-amber-800 dark:text-amber-300">
              {item.design_name}:{' '}
              {t('heavierThanStored', {
                stored: `${formatWeight(item.gross_weight)} / ${formatWeight(item.net_weight)}`,
              })}
            </p>
          );
        })}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('keptSummary', {
          kept: String(keptCount),
          returned: String(state.keepRows.length - keptCount),
        })}
      </p>
    </section>
  );
}
