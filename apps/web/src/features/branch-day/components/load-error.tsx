import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';

/** A failed read with the server's sentence and a way to try again. */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  const t = useT(uiText);
  const messageText = useMessageText();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden dark:bg-red-950/50 dark:text-red-300"
    >
      <span className="flex items-center gap-2">
        <Icon name="alert" className="size-4 shrink-0" />
        {messageText(errorMessage(error, fallback))}
      </span>
      <Button variant="secondary" onClick={onRetry} className="py-1.5">
        {t('tryAgain')}
      </Button>
    </div>
  );
}
