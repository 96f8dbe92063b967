import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { uiText } from './i18n';
import { Icon, type IconName } from './icons';

/** Spec §9: a toast lives 5000 ms, fades out in 300 ms, and its progress bar ticks every 50 ms. */
export const TOAST_LIFETIME_MS = 5000;
export const TOAST_EXIT_MS = 300;
export const TOAST_TICK_MS = 50;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  /** The code of the message's sentence (SENTENCES in the domain) and its parameters, when the server sent them. */
  code?: string | null;
  params?: Readonly<Record<string, string>> | null;
  /** Bumped when the same toast is asked for again while shown: its lifetime starts afresh. */
  renewed?: number;
}

type ToastInput = Omit<Toast, 'id' | 'renewed'>;

interface ToastContextValue {
  showToast: (toast: ToastInput) => string;
  dismissToast: (id: string) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const looks: Record<ToastType, { icon: IconName; accent: string; bar: string }> = {
  success: {
    icon: 'check',
    accent: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-900/40 dark:text-emerald-300',
    bar: 'bg-emerald-500',
  },
  error: {
    icon: 'alert',
    accent: 'text-red-600 bg-red-50 dark:bg-red-900/40 dark:text-red-300',
    bar: 'bg-red-500',
  },
  warning: {
    icon: 'alert',
    accent: 'text-amber-600 bg-amber-50 dark:bg-amber-900/40 dark:text-amber-300',
    bar: 'bg-amber-500',
  },
  info: {
    icon: 'info',
    accent: 'text-sky-600 bg-sky-50 dark:bg-sky-900/40 dark:text-sky-300',
    bar: 'bg-sky-500',
  },
};

function ToastCard({ toast, onRemove }: { toast: Toast; onRemove: (id: string) => void }) {
  const [closing, setClosing] = useState(false);
  const [ticks, setTicks] = useState(0);
  // A toast's title and sentence may come from elsewhere (the server, a shared schema): shown in the
  // chosen language where the message catalogue knows them.
  const messageText = useMessageText();
  const t = useT(uiText);

  useEffect(() => {
    if (closing) return;
    const interval = setInterval(() => setTicks((t) => t + 1), TOAST_TICK_MS);
    const timeout = setTimeout(() => setClosing(true), TOAST_LIFETIME_MS);
    return () => {
      clearInterval(interval);
      clearTimeout(timeout);
    };
  }, [closing]);

  useEffect(() => {
    if (!closing) return;
    const timeout = setTimeout(() => onRemove(toast.id), TOAST_EXIT_MS);
    return () => clearTimeout(timeout);
  }, [closing, onRemove, toast.id]);

  const progress = Math.max(0, 100 - (ticks * TOAST_TICK_MS * 100) / TOAST_LIFETIME_MS);
  const look = looks[toast.type];
  return (
    <div
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-testid="toast"
      data-type={toast.type}
      data-state={closing ? 'closing' : 'open'}
      className={`pointer-events-auto relative w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg transition duration-300 starting:translate-x-6 starting:opacity-0 dark:border-navy-600 dark:bg-navy-800 ${
        closing ? 'translate-x-6 opacity-0' : 'translate-x-0 opacity-100'
      }`}
    >
      <div className="flex items-start gap-3 p-4">
        <span className={`grid size-8 shrink-0 place-items-center rounded-full ${look.accent}`}>
          <Icon name={look.icon} className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-navy-700 dark:text-white">{messageText(toast.title)}</p>
          <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-300">
            {messageText(toast.message, toast.code, toast.params)}
          </p>
        </div>
        <button
          type="button"
          aria-label={t('closeNotification')}
          onClick={() => setClosing(true)}
          className="grid size-7 shrink-0 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-navy-700 dark:hover:text-white"
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
      <div className="h-1 bg-slate-100 dark:bg-navy-700">
        <div
          data-testid="toast-progress"
          className={`h-full ${look.bar}`}
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}

/** How soon the same toast asked for again is the same event (a double click), not a new one. */
export const TOAST_REPEAT_MS = 1500;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const t = useT(uiText);
  const counter = useRef(0);
  // What is on screen, read synchronously by showToast (a double click asks twice before a render).
  const shown = useRef<Toast[]>([]);
  const asked = useRef(new Map<string, number>());

  const dismissToast = useCallback((id: string) => {
    shown.current = shown.current.filter((t) => t.id !== id);
    asked.current.delete(id);
    setToasts(shown.current);
  }, []);

  // The same toast (type, title and sentence) asked for again within TOAST_REPEAT_MS while it is on
  // screen is not stacked: it starts its 5 s afresh. A double click on Submit ran the form's checks (or
  // its request) twice and showed two identical toasts. Asked for later, it is
  // another event and gets its own toast.
  const showToast = useCallback((input: ToastInput) => {
    const now = Date.now();
    const same = shown.current.find(
      (t) =>
        t.type === input.type &&
        t.title === input.title &&
        t.message === input.message &&
        now - (asked.current.get(t.id) ?? 0) < TOAST_REPEAT_MS,
    );
    counter.current += 1;
    const id = same ? same.id : `toast-${counter.current}`;
    asked.current.set(id, now);
    shown.current = same
      ? shown.current.map((t) => (t.id === id ? { ...t, renewed: counter.current } : t))
      : [...shown.current, { ...input, id }];
    setToasts(shown.current);
    return id;
  }, []);

  const value = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label={t('notifications')}
        className="pointer-events-none fixed top-4 right-4 z-[60] flex flex-col items-end gap-3 print:hidden"
      >
        {toasts.map((toast) => (
          // Asked for again while shown (even while fading out): drawn afresh, for another 5 s.
          <ToastCard key={`${toast.id}-${toast.renewed ?? 0}`} toast={toast} onRemove={dismissToast} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
