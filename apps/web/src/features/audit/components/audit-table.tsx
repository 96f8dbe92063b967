import type { AuditEventView } from '@pledge-desk/domain';
import { Fragment, useState } from 'react';
import { useT } from '@/lib/i18n/language';
import { actionName, auditActionText, auditEntityText, auditText, entityName } from '../i18n';
import { AuditChange } from './audit-change';
import { formatWhen } from './audit-format';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase first:pl-5 last:pr-5';
const td = 'px-3 py-2 align-top first:pl-5 last:pr-5';

export const detailsButtonClass =
  'rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 print:hidden dark:border-navy-500 dark:text-white dark:hover:bg-navy-700';

/** The trail's rows, newest first; Details opens the row's change under it. */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  const t = useT(auditText);
  const entities = useT(auditEntityText);
  const actions = useT(auditActionText);
  // A record by the number staff use (GL95, R/2026-27/000123), its id only when it has none.
  const recordOf = (event: AuditEventView) => {
    const name = event.record ?? event.entity_id;
    return name ? `${entityName(entities, event.entity)} ${name}` : entityName(entities, event.entity);
  };
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600 dark:border-navy-600 dark:text-slate-300">
            <th scope="col" className={`${th} whitespace-nowrap`}>
              {t('when')}
            </th>
            <th scope="col" className={th}>
              {t('user')}
            </th>
            <th scope="col" className={th}>
              {t('action')}
            </th>
            <th scope="col" className={th}>
              {t('entityAndRecord')}
            </th>
            <th scope="col" className={th}>
              {t('reason')}
            </th>
            <th scope="col" className={`${th} print:hidden`}>
              <span className="sr-only">{t('details')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const isOpen = open.has(event.id);
            const panelId = `audit-event-${event.id}`;
            return (
              <Fragment key={event.id}>
                <tr className="border-b border-slate-100 text-navy-700 dark:border-navy-700 dark:text-slate-100">
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{formatWhen(event.at)}</td>
                  <td className={td}>{event.username ?? t('system')}</td>
                  <td className={td}>{actionName(actions, event.action)}</td>
                  <td className={td}>{recordOf(event)}</td>
                  <td className={`${td} max-w-64 break-words`}>{event.reason ?? ''}</td>
                  <td className={`${td} text-right print:hidden`}>
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      aria-label={t('detailsOfRecord', {
                        action: actionName(actions, event.action),
                        record: recordOf(event),
                        when: formatWhen(event.at),
                      })}
                      onClick={() => toggle(event.id)}
                      className={detailsButtonClass}
                    >
                      {t('details')}
                    </button>
                  </td>
                </tr>
                {isOpen ? (
                  <tr id={panelId} className="border-b border-slate-200 dark:border-navy-600">
                    <td colSpan={6} className="bg-slate-50 px-4 py-3 dark:bg-navy-700/40">
                      <AuditChange event={event} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
