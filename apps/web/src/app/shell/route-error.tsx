import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { shellText } from '../i18n';

/** A page's code that could not be fetched (a new version was deployed, or the network dropped). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

function describe(error: unknown, t: Translate<keyof typeof shellText.en>): string {
  if (isChunkLoadError(error)) return t('pageNotLoaded');
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return t('unexpectedError');
}

/**
 * What a page shows in place of itself when it throws: the error, inside the shell (the sidebar and
 * the header stay, so the clerk can go on with another screen), with a reload and a way home. Nothing
 * typed elsewhere is lost; only the failed page is replaced.
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT(shellText);
  const messageText = useMessageText();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section
      aria-labelledby="route-error-title"
      className="mx-auto mt-8 max-w-xl rounded-2xl bg-white shadow-sm dark:bg-navy-800"
    >
      <div role="alert">
        <EmptyState icon="alert" title={t('somethingWrong')} description={messageText(describe(error, t))}>
          <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
          <Link
            to="/dashboard"
            className="inline-flex items-center rounded-xl border border-slate-300 px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:text-white dark:hover:bg-navy-700"
          >
            {t('goToDashboard')}
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
