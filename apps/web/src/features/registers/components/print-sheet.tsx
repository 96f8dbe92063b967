import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import type { LoadAllState } from '@/shared/print/load-all';
import { RegisterState } from '@/shared/register/register-state';
import { registersText } from '../i18n';

/** The company's name, address and licence above a register on the Full Print. */
export function PrintHeading({
  title,
  titleTa,
  parameters,
}: {
  title: string;
  titleTa: string;
  parameters: string;
}) {
  const { company } = useSession();
  const t = useT(registersText);
  return (
    <header className="border-b border-slate-300 px-5 py-3 text-center dark:border-navy-600">
      <p className="text-base font-bold text-navy-700 dark:text-white">{company?.company_name ?? ''}</p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {[company?.address, company?.city].filter(Boolean).join(', ')}
        {company?.licence_no ? t('licence', { licence: company.licence_no }) : ''}
      </p>
      <h2 className="mt-1 text-lg font-bold text-navy-700 dark:text-white">
        {title} <span lang="ta">/ {titleTa}</span>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{parameters}</p>
    </header>
  );
}

/** Progress while the print view loads the whole range page by page; the error; or the sheets. */
export function LoadAllProgress<R>({
  state,
  unit,
  errorText,
  children,
}: {
  state: LoadAllState<R>;
  unit: string;
  errorText: (error: unknown) => string;
  children: (rows: R[]) => ReactNode;
}) {
  const t = useT(registersText);
  if (state.status === 'error') return <RegisterState kind="error" message={errorText(state.error)} />;
  if (state.status === 'loading') {
    const { loaded, total } = state;
    return (
      <div className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300">
        <p role="status">
          {total === null ? t('loadingUnit', { unit }) : t('loadingUnitOf', { loaded, total, unit })}
        </p>
        {total ? (
          <progress
            className="mt-3 w-64 max-w-full"
            aria-label={t('loadingUnitLabel', { unit })}
            max={total}
            value={loaded}
          />
        ) : null}
      </div>
    );
  }
  return <>{children(state.rows)}</>;
}
