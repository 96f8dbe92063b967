import { useT } from '@/lib/i18n/language';
import { Button } from './button';
import { uiText } from './i18n';
import { Modal } from './modal';

/** Asks before a destructive action (spec §2: deleting rates, users, types, schemes, accounts...). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  isBusy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT(uiText);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={isBusy}>
            {confirmLabel ?? t('delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
    </Modal>
  );
}
