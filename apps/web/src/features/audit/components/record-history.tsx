import { lazy, Suspense, useId } from 'react';
import { useT } from '@/lib/i18n/language';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { auditText } from '../i18n';

// Loaded when shown, so the screens that host it (the pledge detail, the customer form) carry only this
// wrapper for the users who may not read the trail.
const RecordHistoryList = lazy(async () => ({
  default: (await import('./record-history-list')).RecordHistoryList,
}));

function Loading() {
  const t = useT(auditText);
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      {t('loadingChanges')}
    </p>
  );
}

/**
 * A record's own history from the audit trail: who changed it, when and what, newest
 * first. Only for those who may read the trail (admins); nothing at all for anyone else.
 */
export function RecordHistory({ entity, entityId }: { entity: string; entityId: string | number }) {
  const t = useT(auditText);
  const { user } = useSession();
  const titleId = useId();
  if (!hasPermission(user, permissions.auditRead)) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-sm font-bold text-navy-700 dark:text-white">
        {t('changes')}
      </h3>
      <Suspense fallback={<Loading />}>
        <RecordHistoryList entity={entity} entityId={String(entityId)} />
      </Suspense>
    </section>
  );
}
