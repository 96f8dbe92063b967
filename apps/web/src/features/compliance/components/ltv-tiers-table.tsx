import { uiText } from '@/components/ui/i18n';
import { readMoneyText } from '@/components/ui/money-input';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type ComplianceKey, complianceSettingsText } from '../i18n';
import { FieldError, inputClass } from './compliance-fields';
import { fieldPaths, newTierKey, type TierText } from './compliance-form-values';

/** The schema's own limit (rbiRulesSchema): at most six tiers. */
export const MAX_TIERS = 6;

const smallButton =
  'rounded-lg px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

/** "above ₹5,00,000.00": the open-ended last tier, named by the bound before it. */
function aboveText(t: Translate<ComplianceKey>, previous: TierText | undefined): string {
  if (!previous) return t('aboveEvery');
  const read = readMoneyText(previous.upTo);
  return 'paise' in read && read.paise !== null
    ? t('aboveAmount', { amount: formatAmount(read.paise / 100) })
    : t('above');
}

/**
 * The RBI regime's loan-to-value tiers (para 19) as rows: each up to a bound of the borrower's total
 * gold loans, the last one open-ended. A new tier goes in before the last, which stays 'above'.
 */
export function LtvTiersTable({
  tiers,
  errors,
  onChange,
}: {
  tiers: TierText[];
  errors: Record<string, string>;
  onChange: (tiers: TierText[]) => void;
}) {
  const t = useT(complianceSettingsText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const shown = (message: string | undefined) => (message === undefined ? undefined : messageText(message));
  const update = (index: number, patch: Partial<TierText>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  const add = () =>
    onChange([...tiers.slice(0, -1), { key: newTierKey(), upTo: '', percent: '' }, ...tiers.slice(-1)]);
  const remove = (index: number) => onChange(tiers.filter((_, i) => i !== index));
  const tableError = errors[fieldPaths.tiers];

  return (
    <div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
      <div tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 dark:border-navy-600">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">{t('ltvTiers')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase dark:border-navy-600 dark:text-slate-300">
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('tier')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('upTo')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('ltvPercent')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                <span className="sr-only">{ui('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier, i) => {
              const isLast = i === tiers.length - 1;
              const upToError = errors[fieldPaths.tierUpTo(i)];
              const percentError = errors[fieldPaths.tierPercent(i)];
              const upToErrorId = `tier-${tier.key}-up-to-error`;
              const percentErrorId = `tier-${tier.key}-percent-error`;
              return (
                <tr
                  key={tier.key}
                  className="border-b border-slate-100 align-top text-navy-700 last:border-0 dark:border-navy-700 dark:text-slate-100"
                >
                  <td className="px-3 py-4 tabular-nums">{i + 1}</td>
                  <td className="px-3 py-2">
                    {isLast ? (
                      <>
                        <p className="py-2.5 text-slate-700 dark:text-slate-200">
                          {aboveText(t, tiers[i - 1])}
                        </p>
                        <FieldError id={upToErrorId} message={shown(upToError)} />
                      </>
                    ) : (
                      <>
                        <input
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={t('upToLabel', { n: i + 1 })}
                          aria-invalid={upToError ? true : undefined}
                          aria-describedby={upToError ? upToErrorId : undefined}
                          className={inputClass(upToError, 'right')}
                          value={tier.upTo}
                          onChange={(e) => update(i, { upTo: e.target.value })}
                        />
                        <FieldError id={upToErrorId} message={shown(upToError)} />
                      </>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <input
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={t('ltvLabel', { n: i + 1 })}
                      aria-invalid={percentError ? true : undefined}
                      aria-describedby={percentError ? percentErrorId : undefined}
                      className={inputClass(percentError, 'right')}
                      value={tier.percent}
                      onChange={(e) => update(i, { percent: e.target.value })}
                    />
                    <FieldError id={percentErrorId} message={shown(percentError)} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    <button
                      type="button"
                      aria-label={t('removeLabel', { n: i + 1 })}
                      disabled={tiers.length <= 1}
                      onClick={() => remove(i)}
                      className={`${smallButton} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/50`}
                    >
                      {t('remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {tableError ? (
        <p className="mt-1 text-sm text-red-600 dark:text-red-400">{messageText(tableError)}</p>
      ) : null}
      <button
        type="button"
        onClick={add}
        disabled={tiers.length >= MAX_TIERS}
        className={`${smallButton} mt-2 text-brand-700 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-navy-700`}
      >
        {t('addTier')}
      </button>
    </div>
  );
}
