import { formatRupees } from '@pledge-desk/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { MoneyInput, moneyTextError, readMoneyText } from '@/components/ui/money-input';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { paymentDialogText } from '../i18n';

/**
 * 'Multiple Pledge Payment''s Auto Allocate asks for the total to share (spec §2.6 'asks for a total amount through a
 * prompt'): an in-app dialog, labelled and keyboard-friendly, instead of window.prompt. A total of 0
 * or less is not taken (spec §5): Allocate stays disabled.
 */
export function AutoAllocateDialog({
  open,
  outstandingPaise,
  onClose,
  onAllocate,
}: {
  open: boolean;
  /** What the selected pledges owe together, shown as a hint. */
  outstandingPaise: number;
  onClose: () => void;
  onAllocate: (totalPaise: number) => void;
}) {
  const t = useT(paymentDialogText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const [text, setText] = useState('');
  const inputId = useId();
  const read = readMoneyText(text);
  const message = moneyTextError(text);
  const paise = 'error' in read ? null : read.paise;
  const canAllocate = paise !== null && paise > 0;

  const close = () => {
    setText('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the page's form in the DOM but not in React's tree: without this,
    // Enter here would also submit the payment.
    event.stopPropagation();
    if (!canAllocate) return;
    setText('');
    onAllocate(paise);
  };

  return (
    <Modal
      open={open}
      title={t('autoAllocate')}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form={`${inputId}-form`} disabled={!canAllocate}>
            {t('allocate')}
          </Button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={submit} className="space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-navy-700 dark:text-white">
          {t('totalToAllocate')}
        </label>
        <MoneyInput
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={message ? messageText(message) : null}
          placeholder="0.00"
          className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('allocateHelp', { amount: formatRupees(outstandingPaise) })}
        </p>
      </form>
    </Modal>
  );
}
