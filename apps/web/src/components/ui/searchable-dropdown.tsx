import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { uiText } from './i18n';
import { Icon } from './icons';

/** Spec §9: the dropdown waits 300 ms after the last key and searches from 2 characters. */
export const DROPDOWN_DEBOUNCE_MS = 300;
export const DROPDOWN_MIN_CHARS = 2;

type SearchState<T> =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; term: string; items: T[] }
  | { kind: 'error' };

export interface SearchableDropdownProps<T> {
  label: string;
  /** The chosen item, or null. The input shows its label while nothing is being typed. */
  value: T | null;
  onChange: (item: T | null) => void;
  /** Asked for matches of the trimmed term once it has `minChars` characters and the typing paused. */
  search: (term: string, signal: AbortSignal) => Promise<T[]>;
  getOptionLabel: (item: T) => string;
  /** How an option shows in the list (a mark beside its name); its label when not given. */
  renderOption?: (item: T) => ReactNode;
  getOptionKey: (item: T) => string | number;
  /** When given, a '+ Create new "{term}"' row is offered unless a match has exactly that name. */
  onCreateNew?: (term: string) => void | Promise<void>;
  /** The words of that row ('+ New customer "{term}"'); '+ Create new "{term}"' when not given. */
  createNewLabel?: (term: string) => string;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  id?: string;
  minChars?: number;
  debounceMs?: number;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/**
 * A text input that searches as the clerk types and offers the matches as a listbox (WAI-ARIA combobox
 * pattern): Up/Down move through the options, Enter picks one, Escape closes the list, the × clears.
 */
export function SearchableDropdown<T>({
  label,
  value,
  onChange,
  search,
  getOptionLabel,
  renderOption,
  getOptionKey,
  onCreateNew,
  createNewLabel,
  placeholder,
  error,
  disabled = false,
  id,
  minChars = DROPDOWN_MIN_CHARS,
  debounceMs = DROPDOWN_DEBOUNCE_MS,
}: SearchableDropdownProps<T>) {
  const generated = useId();
  const t = useT(uiText);
  const messageText = useMessageText();
  const inputId = id ?? generated;
  const listboxId = `${inputId}-listbox`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  // `text` is what the clerk typed; null while the input simply shows the chosen value.
  const [text, setText] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [state, setState] = useState<SearchState<T>>({ kind: 'idle' });
  const [isCreating, setIsCreating] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;

  const shown = text ?? (value ? getOptionLabel(value) : '');
  const term = (text ?? '').trim();
  const isLongEnough = [...term].length >= minChars;

  useEffect(() => {
    if (text === null || [...text.trim()].length < minChars) {
      setState({ kind: 'idle' });
      return;
    }
    const trimmed = text.trim();
    const controller = new AbortController();
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      searchRef.current(trimmed, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ kind: 'done', term: trimmed, items });
        },
        () => {
          if (!controller.signal.aborted) setState({ kind: 'error' });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, minChars, debounceMs]);

  const items = state.kind === 'done' ? state.items : [];
  const canCreate =
    Boolean(onCreateNew) &&
    state.kind === 'done' &&
    isLongEnough &&
    !items.some((item) => sameText(getOptionLabel(item), term));
  const optionCount = items.length + (canCreate ? 1 : 0);
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const showList = isOpen && text !== null && !disabled;

  // A new answer starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the answer changes
  useEffect(() => {
    setActiveIndex(-1);
  }, [state]);

  // A value chosen from outside (a created item) replaces whatever was typed.
  useEffect(() => {
    if (value !== null) setText(null);
  }, [value]);

  const choose = (item: T) => {
    onChange(item);
    setText(null);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const create = async () => {
    if (!onCreateNew || isCreating) return;
    setIsOpen(false);
    setIsCreating(true);
    try {
      // The parent chooses the created item through `value`; on failure the typed text stays.
      await onCreateNew(term);
    } finally {
      setIsCreating(false);
    }
  };

  const pick = (index: number) => {
    if (index < items.length) choose(items[index]!);
    else if (canCreate && index === items.length) void create();
  };

  const clear = () => {
    setText(null);
    setIsOpen(false);
    setActiveIndex(-1);
    if (value !== null) onChange(null);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (optionCount === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((i) => (i < 0 && step < 0 ? optionCount - 1 : (i + step + optionCount) % optionCount));
    } else if (event.key === 'Enter') {
      // Enter inside an open list picks; it must not submit the form around the dropdown.
      if (showList && activeIndex >= 0 && activeIndex < optionCount) {
        event.preventDefault();
        pick(activeIndex);
      } else if (showList) {
        event.preventDefault();
      }
    } else if (event.key === 'Escape') {
      if (showList) {
        // Closing the list only: a dialog around the dropdown stays open.
        event.preventDefault();
        event.stopPropagation();
        event.nativeEvent.stopImmediatePropagation();
        setIsOpen(false);
        setActiveIndex(-1);
      }
    }
  };

  let status: string | null = null;
  if (showList) {
    if (!isLongEnough) status = t('typeAtLeast', { count: minChars });
    else if (state.kind === 'loading') status = t('searching');
    else if (state.kind === 'error') status = t('searchFailed');
    else if (state.kind === 'done' && optionCount === 0) status = t('noMatches', { term });
  }

  return (
    <div className="relative">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {label}
      </label>
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-busy={isCreating || undefined}
          disabled={disabled || isCreating}
          placeholder={isCreating ? t('creating') : (placeholder ?? t('typeToSearch'))}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            if (value !== null) onChange(null);
          }}
          onFocus={() => {
            if (text !== null) setIsOpen(true);
          }}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
          className={`block w-full rounded-xl border bg-white py-2.5 pr-10 pl-9 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:bg-navy-900 dark:text-white ${
            error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
          }`}
        />
        {shown !== '' && !disabled ? (
          <button
            type="button"
            // Out of the Tab order: Tab from the field goes to the next field, where a
            // space typed by habit would otherwise clear the choice. The text itself clears the choice
            // when it is deleted, and the × stays for the mouse.
            tabIndex={-1}
            aria-label={t('clearLabel', { label })}
            onClick={clear}
            className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-navy-700 dark:hover:text-white"
          >
            <Icon name="close" className="size-4" />
          </button>
        ) : null}
      </div>
      {/* The listbox is always in the DOM so aria-controls points at something; hidden when closed. */}
      <div
        hidden={!showList}
        className="absolute z-30 mt-1 w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-navy-600 dark:bg-navy-800"
      >
        <div id={listboxId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto py-1">
          {showList
            ? items.map((item, index) => (
                <div
                  key={getOptionKey(item)}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  // mousedown, not click: the input must not lose focus (and close the list) first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(item);
                  }}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={`cursor-pointer px-3.5 py-2 text-sm ${
                    index === activeIndex
                      ? 'bg-brand-50 text-brand-700 dark:bg-navy-600 dark:text-white'
                      : 'text-navy-700 dark:text-slate-200'
                  }`}
                >
                  {renderOption ? renderOption(item) : getOptionLabel(item)}
                </div>
              ))
            : null}
          {showList && canCreate ? (
            <div
              id={optionId(items.length)}
              role="option"
              tabIndex={-1}
              aria-selected={activeIndex === items.length}
              onMouseDown={(event) => {
                event.preventDefault();
                void create();
              }}
              onMouseEnter={() => setActiveIndex(items.length)}
              className={`cursor-pointer border-t border-slate-100 px-3.5 py-2 text-sm font-semibold dark:border-navy-600 ${
                activeIndex === items.length
                  ? 'bg-brand-50 text-brand-700 dark:bg-navy-600 dark:text-white'
                  : 'text-brand-600 dark:text-brand-300'
              }`}
            >
              {createNewLabel ? createNewLabel(term) : t('createNew', { term })}
            </div>
          ) : null}
        </div>
        {status ? (
          <p role="status" className="px-3.5 py-2 text-sm text-slate-500 dark:text-slate-400">
            {status}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  );
}
