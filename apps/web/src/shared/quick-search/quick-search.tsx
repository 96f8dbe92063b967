import type { QuickSearch as QuickSearchAnswer } from '@pledge-desk/domain';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icons';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useDebounced } from '@/lib/use-debounced';
import { quickSearchText } from './i18n';
import {
  QUICK_SEARCH_DEBOUNCE_MS,
  QUICK_SEARCH_MAX_LENGTH,
  QUICK_SEARCH_MIN_CHARS,
  useQuickSearch,
} from './quick-search-api';

type Match =
  | { kind: 'pledge'; key: string; pledge: QuickSearchAnswer['pledges'][number] }
  | { kind: 'customer'; key: string; customer: QuickSearchAnswer['customers'][number] };

/** Where a match leads: a pledge opens its detail; a customer lists that customer's pledges. */
export function matchPath(match: Match): string {
  return match.kind === 'pledge'
    ? `/pledges?view=${match.pledge.pledge_id}`
    : `/pledges?search=${encodeURIComponent(match.customer.acc_code)}`;
}

/** A titled group of options inside the listbox. */
function OptionGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role=group (WAI-ARIA); a fieldset belongs to forms.
    <div role="group" aria-labelledby={id}>
      <p
        id={id}
        className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {title}
      </p>
      {children}
    </div>
  );
}

function pledgeState(
  t: Translate<keyof typeof quickSearchText.en>,
  pledge: QuickSearchAnswer['pledges'][number],
): string {
  if (pledge.closed_date) return t('closed');
  return pledge.status === 'active' ? t('active') : t('inactive');
}

/**
 * The header's Search box: pledges and customers as the clerk types, in a listbox
 * (WAI-ARIA combobox: Down/Up move, Enter opens, Escape closes then clears). A pledge opens its detail
 * on the pledge list; a customer opens the list of that customer's pledges.
 */
export function QuickSearch() {
  const t = useT(quickSearchText);
  const inputId = useId();
  const listboxId = `${inputId}-listbox`;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const hasTerm = text.trim().length >= QUICK_SEARCH_MIN_CHARS;
  const search = useQuickSearch(term);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const matches = useMemo<Match[]>(() => {
    if (!search.data || !hasTerm) return [];
    return [
      ...search.data.pledges.map((pledge) => ({
        kind: 'pledge' as const,
        key: `p${pledge.pledge_id}`,
        pledge,
      })),
      ...search.data.customers.map((customer) => ({
        kind: 'customer' as const,
        key: `c${customer.id}`,
        customer,
      })),
    ];
  }, [search.data, hasTerm]);

  // New matches: nothing highlighted until an arrow key says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the answer changes, not on every render.
  useEffect(() => setActive(-1), [search.data]);

  const showList = isOpen && hasTerm;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  const choose = (match: Match) => {
    setIsOpen(false);
    setText('');
    setActive(-1);
    navigate(matchPath(match));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (current < 0) return step === 1 ? 0 : matches.length - 1;
        return (current + step + matches.length) % matches.length;
      });
    } else if (event.key === 'Enter') {
      if (!showList || matches.length === 0) return;
      event.preventDefault();
      // Enter without a highlighted row opens the best match, the first one.
      choose(matches[active >= 0 ? active : 0]!);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setIsOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  const status = !hasTerm
    ? null
    : search.isError && !search.data
      ? t('searchFailed')
      : search.isPending || term !== text.trim()
        ? matches.length === 0
          ? t('searching')
          : null
        : matches.length === 0
          ? t('nothingFound')
          : null;

  const pledgeRows = matches.filter((m) => m.kind === 'pledge');
  const customerRows = matches.filter((m) => m.kind === 'customer');

  const option = (match: Match, index: number) => (
    <div
      key={match.key}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === active}
      // mousedown, not click: the input must not lose focus (and close the list) first.
      onMouseDown={(event) => {
        event.preventDefault();
        choose(match);
      }}
      onMouseEnter={() => setActive(index)}
      className={`cursor-pointer rounded-lg px-3 py-2 text-sm ${
        index === active ? 'bg-brand-50 dark:bg-navy-700' : 'hover:bg-slate-50 dark:hover:bg-navy-700/60'
      }`}
    >
      {match.kind === 'pledge' ? (
        <>
          <span className="flex items-center justify-between gap-2">
            <span className="font-mono text-xs font-semibold text-navy-700 dark:text-white">
              {match.pledge.pledge_no}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{pledgeState(t, match.pledge)}</span>
          </span>
          <span className="block truncate text-slate-600 dark:text-slate-300">
            {match.pledge.customer_name}
          </span>
        </>
      ) : (
        <>
          <span className="block truncate font-semibold text-navy-700 dark:text-white">
            {match.customer.customer_name}
          </span>
          <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {match.customer.acc_code} · {match.customer.mobile_number}
          </span>
        </>
      )}
    </div>
  );

  return (
    <div className="relative hidden items-center md:flex">
      <label htmlFor={inputId} className="sr-only">
        {t('searchLabel')}
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 size-4 text-slate-400" />
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={QUICK_SEARCH_MAX_LENGTH}
        value={text}
        placeholder={t('placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setIsOpen(true);
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setIsOpen(false), 0);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-44 rounded-full bg-slate-100 pr-3 pl-9 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500/40 lg:w-52 dark:bg-navy-900 dark:text-white"
      />
      <div
        className={`absolute top-12 right-0 z-30 w-80 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200 dark:bg-navy-800 dark:ring-navy-600 ${
          showList ? '' : 'hidden'
        }`}
      >
        {status ? (
          <p role="status" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
            {status}
          </p>
        ) : null}
        <div id={listboxId} role="listbox" aria-label={t('results')} className="max-h-96 overflow-y-auto">
          {pledgeRows.length > 0 ? (
            <OptionGroup id={`${listboxId}-pledges`} title={t('pledges')}>
              {pledgeRows.map((match) => option(match, matches.indexOf(match)))}
            </OptionGroup>
          ) : null}
          {customerRows.length > 0 ? (
            <OptionGroup id={`${listboxId}-customers`} title={t('customers')}>
              {customerRows.map((match) => option(match, matches.indexOf(match)))}
            </OptionGroup>
          ) : null}
        </div>
      </div>
    </div>
  );
}
