import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/lib/i18n/language';
import { uiText } from './i18n';
import { Icon } from './icons';

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

const focusable =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

const fields =
  'input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[role="combobox"]:not([aria-disabled="true"])';

/**
 * Where the focus goes when a dialog opens: its first field, so the clerk can type at once;
 * without a field, the first control of the body, then of the footer (Cancel before a destructive
 * button), and the close button last.
 */
function initialFocus(body: HTMLElement | null, footer: HTMLElement | null): HTMLElement | null {
  return (
    body?.querySelector<HTMLElement>(fields) ??
    body?.querySelector<HTMLElement>(focusable) ??
    footer?.querySelector<HTMLElement>(focusable) ??
    null
  );
}

/**
 * The dialogs open now, the last opened last. Only the top one answers Escape and keeps Tab inside:
 * a question asked over a dialog (a removal's confirmation, the masking dialog, the camera) closes
 * alone and leaves the dialog under it open.
 */
const openDialogs: symbol[] = [];

/**
 * A modal dialog: it opens on its first field, Escape and the close button close it, Tab stays inside,
 * focus returns on close. Over another dialog, it alone answers the keys until it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
}) {
  const titleId = useId();
  const t = useT(uiText);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const footerBox = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first =
      initialFocus(body.current, footerBox.current) ?? panel.current?.querySelector<HTMLElement>(focusable);
    (first ?? panel.current)?.focus();
    const me = Symbol('dialog');
    openDialogs.push(me);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== me) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(focusable));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(me), 1);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // Centred by its margins, not by align-items: a dialog taller than the window then starts at its
    // top, where align-items: center pushed its title above the scrollable area.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-navy-900/60 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`w-full ${widths[size]} rounded-2xl bg-white shadow-xl outline-none sm:my-auto dark:bg-navy-800`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4 dark:border-navy-600">
          <h2 id={titleId} className="text-lg font-bold text-navy-700 dark:text-white">
            {title}
          </h2>
          <button
            type="button"
            aria-label={t('closeDialog')}
            onClick={onClose}
            className="grid size-8 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-navy-700 dark:hover:text-white"
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        <div ref={body} className="px-6 py-5">
          {children}
        </div>
        {footer ? (
          <div
            ref={footerBox}
            className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4 dark:border-navy-600"
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
