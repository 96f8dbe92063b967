import {
  businessToday,
  formatIndianDate,
  formatRupees,
  isPlainDate,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useMemo } from 'react';
import { useFormSchemes, useValuationRate, type ValuationAnswer } from '@/features/pledges/api/form-lookups';
import { useT } from '@/lib/i18n/language';
import { pledgeFormText } from './i18n';
import { type FormTerms, quoteOf, termsOfPledge, termsOfScheme } from './pledge-form-model';
import type { FormState, PledgeFormInitial } from './use-pledge-form-state';

/**
 * The terms the form quotes with (the scheme's and the server's rate on the pledge date, or the
 * pledge's own on its edit screen) and the quote of the typed form under them.
 */
export function usePledgeTerms(state: FormState, initial: PledgeFormInitial | undefined) {
  const t = useT(pledgeFormText);
  const schemes = useFormSchemes();
  const today = businessToday();
  const scheme = schemes.data?.find((s) => String(s.id) === state.schemeId) ?? null;
  // Only active schemes are offered; the pledge's own scheme stays on its edit screen.
  const offered = (schemes.data ?? []).filter(
    (s) => s.status || (initial !== undefined && s.id === initial.pledge.scheme_id),
  );
  const pledgeDateOk = isPlainDate(state.pledgeDate);
  // A pledge keeps the terms it was made under (docs/domain-rules.md §2.4): the edit screen quotes with them
  // while the scheme and the pledge date are unchanged, as the server does, and with the scheme's
  // terms and the server's rate on the new date once either changes.
  const keepsOwnTerms =
    initial !== undefined &&
    state.schemeId === String(initial.pledge.scheme_id) &&
    state.pledgeDate === initial.pledge.pledge_date;
  // The rate is the server's own answer for this scheme and date under the branch's regime: the
  // form never works a rate out of the rate lists, so it shows the figures the server checks.
  const valuation = useValuationRate(
    keepsOwnTerms ? null : (scheme?.id ?? null),
    pledgeDateOk && state.pledgeDate <= today ? state.pledgeDate : null,
  );
  const rate = valuation.data?.rate ?? null;
  const terms: FormTerms | null = keepsOwnTerms
    ? termsOfPledge(initial.pledge)
    : scheme && rate
      ? termsOfScheme(scheme, rate.rate_per_gram)
      : null;
  const noRate = !keepsOwnTerms && scheme !== null ? (valuation.data?.noRate ?? null) : null;
  /** How the rate was chosen, in words: the Jewel Rates entry in force, or the RBI rule. */
  const basisText = (answer: NonNullable<ValuationAnswer['rate']>) =>
    answer.basis === 'rate_in_force'
      ? t('basisInForce', { type: answer.jewel_type_name, date: formatIndianDate(answer.rate_date) })
      : t('basisRbi', {
          previous: formatRupees(rupeesToPaise(answer.previous_day_rate ?? 0)),
          days: String(answer.average_days ?? 0),
          average: formatRupees(rupeesToPaise(answer.average_rate ?? 0)),
        });
  const canAdd = terms !== null;

  const quote = useMemo(
    () =>
      terms && pledgeDateOk
        ? quoteOf({
            rows: state.rows,
            terms,
            loanText: state.loanText,
            documentChargesText: state.documentChargesText,
            pledgeDate: state.pledgeDate,
          })
        : null,
    [terms, pledgeDateOk, state.rows, state.loanText, state.documentChargesText, state.pledgeDate],
  );

  return {
    schemes,
    today,
    scheme,
    offered,
    keepsOwnTerms,
    valuation,
    rate,
    terms,
    noRate,
    basisText,
    canAdd,
    quote,
  };
}

export type PledgeTerms = ReturnType<typeof usePledgeTerms>;
