import { formatRupees } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { pledgeFormText } from '../i18n';
import { emptyRow, type ItemRow } from '../pledge-form-model';
import type { PledgeFormState } from '../use-pledge-form-state';
import type { PledgeTerms } from '../use-pledge-terms';
import { card } from './pledge-form-styles';
import { PledgeItemTable } from './pledge-item-table';

/**
 * The pledge's items: the table (added once the terms are known, removed items remembered for the
 * edit's delete list) and the line that says which rate values them.
 */
export function PledgeItemsSection({
  form,
  terms: pledgeTerms,
}: {
  form: PledgeFormState;
  terms: PledgeTerms;
}) {
  const t = useT(pledgeFormText);
  const messageText = useMessageText();
  const { state, setState, rowErrors, setRowErrors } = form;
  const { terms, canAdd, noRate, keepsOwnTerms, rate, scheme, valuation, basisText } = pledgeTerms;

  const changeRow = (key: string, patch: Partial<ItemRow>) => {
    setState((s) => ({ ...s, rows: s.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
    setRowErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const addRow = () => {
    if (!canAdd) return null;
    const row = emptyRow();
    setState((s) => ({ ...s, rows: [...s.rows, row] }));
    return row.key;
  };
  const removeRow = (key: string) =>
    setState((s) => {
      const row = s.rows.find((r) => r.key === key);
      return {
        ...s,
        rows: s.rows.filter((r) => r.key !== key),
        deleteItemIds: row?.pledgeItemId != null ? [...s.deleteItemIds, row.pledgeItemId] : s.deleteItemIds,
      };
    });
  const addTitle =
    state.schemeId === '' ? t('chooseSchemeFirst') : noRate !== null ? messageText(noRate) : t('loadingRate');

  return (
    <section className={card}>
      <PledgeItemTable
        rows={state.rows}
        ratePaise={terms?.ratePaise ?? null}
        canAdd={canAdd}
        addTitle={addTitle}
        rowErrors={rowErrors}
        onChange={changeRow}
        onAdd={addRow}
        onRemove={removeRow}
        info={
          <p
            className="text-sm text-slate-600 dark:text-slate-300"
            aria-live="polite"
            data-testid="rate-line"
          >
            {noRate !== null ? (
              <span role="alert" className="font-medium text-red-600 dark:text-red-400">
                {messageText(noRate)}
              </span>
            ) : terms && keepsOwnTerms ? (
              t('rateKept', { rate: formatRupees(terms.ratePaise) })
            ) : terms && rate ? (
              t('rateOf', { rate: formatRupees(terms.ratePaise), basis: basisText(rate) })
            ) : scheme && valuation.isPending ? (
              t('loadingRate')
            ) : (
              t('chooseSchemeForRate')
            )}
          </p>
        }
      />
    </section>
  );
}
