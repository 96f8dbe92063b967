import { openCashDrawerSchema } from '@pledge-desk/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useOpenDrawer } from '../api/cash-drawer-api';
import {
  type DenominationKey,
  type DenominationText,
  emptyDenominationText,
  readDenominations,
} from '../denomination-model';
import { cashDrawerText } from '../i18n';
import { DenominationGrid } from './denomination-grid';

/** The 422 messages about the grid's rows (`denominations.500`), by row. */
export function denominationErrors(error: unknown): Partial<Record<DenominationKey, string>> {
  const out: Partial<Record<DenominationKey, string>> = {};
  for (const [path, message] of Object.entries(serverFieldMessages(error))) {
    const key = path.startsWith('denominations.') ? path.slice('denominations.'.length) : null;
    if (key) out[key as DenominationKey] = message;
  }
  return out;
}

/** The morning's count: the float the clerk starts the day with. */
export function OpenDrawerForm({ businessDate }: { businessDate: string }) {
  const t = useT(cashDrawerText);
  const messageText = useMessageText();
  const [grid, setGrid] = useState<DenominationText>(emptyDenominationText);
  const [remarks, setRemarks] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const open = useOpenDrawer();
  const { showToast } = useToast();
  const read = readDenominations(grid);
  const server = open.error ? serverFieldMessages(open.error) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (open.isPending) return;
    setFormError(null);
    if (Object.keys(read.errors).length > 0) {
      setFormError(t('fixCounts'));
      return;
    }
    const parsed = openCashDrawerSchema.safeParse({
      business_date: businessDate,
      denominations: read.denominations,
      remarks: remarks.trim() === '' ? null : remarks.trim(),
    });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? t('openFailed'));
      return;
    }
    open.mutate(parsed.data, {
      onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('opened') }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        const placed = Object.keys(fields).some((f) => f.startsWith('denominations.') || f === 'remarks');
        if (!placed) setFormError(errorMessage(error, t('openFailed')));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="open-drawer-title" className="space-y-4">
      <div>
        <h2 id="open-drawer-title" className="text-lg font-bold text-navy-700 dark:text-white">
          {t('openTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('openHelp')}</p>
      </div>
      <FormError message={formError === null ? null : messageText(formError)} />
      <DenominationGrid
        caption={t('openingFloat')}
        totalLabel={t('openingTotal')}
        value={grid}
        onChange={setGrid}
        serverErrors={denominationErrors(open.error)}
      />
      <TextField
        label={t('remarks')}
        className="max-w-md"
        maxLength={500}
        value={remarks}
        error={server.remarks}
        onChange={(e) => setRemarks(e.target.value)}
      />
      <Button type="submit" disabled={open.isPending}>
        {open.isPending ? t('opening') : t('openDrawer')}
      </Button>
    </form>
  );
}
