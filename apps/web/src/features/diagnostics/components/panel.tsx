import type { ReactNode } from 'react';

/** A titled card of the diagnostics screens. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-navy-700 dark:text-white">{title}</h2>
          {description ? <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** One label and value line of a details list. */
export function Detail({
  label,
  children,
  isCode = true,
}: {
  label: string;
  children: ReactNode;
  /** Addresses and answers in a fixed-width font; sentences in the normal one. */
  isCode?: boolean;
}) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-2 last:border-0 sm:grid-cols-[12rem_1fr] dark:border-navy-700">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`text-sm break-all text-navy-700 dark:text-white ${isCode ? 'font-mono' : ''}`}>
        {children}
      </dd>
    </div>
  );
}

export type ConnectionStatus = 'checking' | 'online' | 'offline';

const looks: Record<ConnectionStatus, string> = {
  checking: 'bg-amber-50 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  online: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  offline: 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
};
const dots: Record<ConnectionStatus, string> = {
  checking: 'bg-amber-500 animate-pulse',
  online: 'bg-emerald-500',
  offline: 'bg-red-500',
};

/** The backend's state as a coloured word: checking, online or offline. */
export function StatusPill({ status, label }: { status: ConnectionStatus; label?: string }) {
  return (
    <span
      data-testid="backend-status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${looks[status]}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dots[status]}`} />
      {label ?? status}
    </span>
  );
}
