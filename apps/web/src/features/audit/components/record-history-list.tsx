import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { useAuditEvents } from '../api/get-audit-events';
import { actionName, auditActionText, auditText } from '../i18n';
import { AuditChange } from './audit-change';
import { formatWhen } from './audit-format';
import { detailsButtonClass } from './audit-table';

const SHOWN = 20;

/** The events of one record, newest first, each with its Details (loaded only for those who may read them). */
export function RecordHistoryList({ entity, entityId }: { entity: string; entityId: string }) {
  const t = useT(auditText);
  const actions = useT(auditActionText);
  const trail = useAuditEvents({ entity, entity_id: entityId, skip: 0, limit: SHOWN });
  const [open, setOpen] = useState<number | null>(null);
  if (trail.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t('loadingChanges')}
      </p>
    );
  }
  if (trail.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {t('changesFailed')}
      </p>
    );
  }
  const { events, total } = trail.data;
  if (events.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('noChangesRecorded')}</p>;
  }
  return (
    <>
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-navy-700 dark:border-navy-600">
        {events.map((event) => {
          const panelId = `record-history-${event.id}`;
          const isOpen = open === event.id;
          return (
            <li key={event.id} className="px-3 py-2 text-sm text-navy-700 dark:text-slate-100">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="tabular-nums">{formatWhen(event.at)}</span>
                  {' · '}
                  <span className="font-semibold">{event.username ?? t('system')}</span>
                  {' · '}
                  {actionName(actions, event.action)}
                  {event.reason ? (
                    <span className="text-slate-600 dark:text-slate-300">{` · ${event.reason}`}</span>
                  ) : null}
                </p>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  aria-label={t('detailsOf', {
                    action: actionName(actions, event.action),
                    when: formatWhen(event.at),
                  })}
                  onClick={() => setOpen(isOpen ? null : event.id)}
                  className={detailsButtonClass}
                >
                  {t('details')}
                </button>
              </div>
              {isOpen ? (
                <div id={panelId} className="mt-2">
                  <AuditChange event={event} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {total > events.length ? (
        <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">
          {t('latestOf', { shown: events.length, total })}
          <Link
            to={`/audit?entity=${encodeURIComponent(entity)}&record=${encodeURIComponent(entityId)}`}
            className="font-semibold text-brand-700 underline dark:text-brand-200"
          >
            {t('openInTrail')}
          </Link>
        </p>
      ) : null}
    </>
  );
}
