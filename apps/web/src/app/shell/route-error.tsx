import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

/** A page's code that could not be fetched (a new version was deployed, or the network dropped). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): string {
  if (isChunkLoadError(error)) return 'This page could not be loaded. Check the connection and reload.';
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

/**
 * What a page shows in place of itself when it throws: the error, inside the shell (the sidebar and
 * the header stay, so the clerk can go on with another screen), with a reload and a way home. Nothing
 * typed elsewhere is lost; only the failed page is replaced.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section
      aria-labelledby="route-error-title"
      className="mx-auto mt-8 max-w-xl rounded-2xl bg-white shadow-sm dark:bg-navy-800"
    >
      <div role="alert">
        <EmptyState icon="alert" title="Something went wrong on this page" description={describe(error)}>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link
            to="/dashboard"
            className="inline-flex items-center rounded-xl border border-slate-300 px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:text-white dark:hover:bg-navy-700"
          >
            Go to Dashboard
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
