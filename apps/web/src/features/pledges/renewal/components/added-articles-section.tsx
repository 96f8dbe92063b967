import { Button } from '@/components/ui/button';
import { PledgeItemTable, type RowField } from '@/features/pledges/form/components/pledge-item-table';
import { emptyRow } from '@/features/pledges/form/pledge-form-model';
import { renewalText } from '@/features/pledges/renewal/i18n';
import type { RenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import { useT } from '@/lib/i18n/language';

/** Articles the customer adds to the new pledge, in the pledge form's item table, at the preview's rate. */
export function AddedArticlesSection({
  form,
  rowErrors,
}: {
  form: RenewPreview;
  rowErrors: Record<string, Partial<Record<RowField, string>>>;
}) {
  const t = useT(renewalText);
  const { state, setState, setRowErrors } = form;
  return (
    <section aria-label={t('articlesAdded')} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800">
      {state.addRows.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('noNewArticles')}</p>
          <Button variant="secondary" onClick={() => setState((s) => ({ ...s, addRows: [emptyRow()] }))}>
            {t('addArticle')}
          </Button>
        </div>
      ) : (
        <PledgeItemTable
          rows={state.addRows}
          ratePaise={form.ratePaise}
          canAdd
          info={<span className="text-sm font-bold">{t('newArticles')}</span>}
          rowErrors={rowErrors}
          onChange={(key, patch) => {
            setState((s) => ({
              ...s,
              addRows: s.addRows.map((r) => {
                if (r.key !== key) return r;
                const next = { ...r, ...patch };
                if (patch.gross !== undefined && !r.netTouched) next.net = patch.gross;
                return next;
              }),
            }));
            setRowErrors((e) => {
              const { [key]: _, ...rest } = e;
              return rest;
            });
          }}
          onAdd={() => {
            const row = emptyRow();
            setState((s) => ({ ...s, addRows: [...s.addRows, row] }));
            return row.key;
          }}
          onRemove={(key) => setState((s) => ({ ...s, addRows: s.addRows.filter((r) => r.key !== key) }))}
        />
      )}
    </section>
  );
}
