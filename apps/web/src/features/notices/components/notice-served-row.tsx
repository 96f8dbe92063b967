import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type Notice, useUpdateNotice } from '../api/notices-api';
import { NOTICE_STATUS_KEYS, noticesText } from '../i18n';

const td = 'px-3 py-2 align-top text-sm text-navy-700 dark:text-white';
const input =
  'block w-36 rounded-xl border bg-white px-3 py-2 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white';

function Problem({ id, message }: { id: string; message: string | undefined }) {
  const messageText = useMessageText();
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-600 dark:text-red-400">
      {messageText(message)}
    </p>
  ) : null;
}

/** One notice of the list: its date sent, tracking number and date delivered, saved with PATCH. */
export function NoticeServedRow({ notice }: { notice: Notice }) {
  const t = useT(noticesText);
  const messageText = useMessageText();
  const [sentOn, setSentOn] = useState(notice.sent_on ?? '');
  const [trackingNo, setTrackingNo] = useState(notice.tracking_no ?? '');
  const [deliveredOn, setDeliveredOn] = useState(notice.delivered_on ?? '');
  const update = useUpdateNotice();
  const [saved, setSaved] = useState(false);
  const messages = serverFieldMessages(update.error);
  const other =
    update.error && Object.keys(messages).length === 0
      ? messageText(errorMessage(update.error, t('saveFailed')))
      : undefined;
  const changed =
    sentOn !== (notice.sent_on ?? '') ||
    trackingNo.trim() !== (notice.tracking_no ?? '') ||
    deliveredOn !== (notice.delivered_on ?? '');
  const idBase = `notice-${notice.id}`;
  const save = async () => {
    setSaved(false);
    try {
      await update.mutateAsync({
        id: notice.id,
        body: {
          sent_on: sentOn || null,
          tracking_no: trackingNo.trim() || null,
          delivered_on: deliveredOn || null,
        },
      });
      setSaved(true);
    } catch {
      // Shown under the fields.
    }
  };
  return (
    <tr
      className="border-t border-slate-100 dark:border-navy-700"
      data-testid={`notice-row-${notice.notice_no}`}
    >
      <td className={`${td} whitespace-nowrap`}>
        <span className="block font-semibold">{notice.notice_no}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {formatIndianDate(notice.notice_date)} ·{' '}
          {NOTICE_STATUS_KEYS[notice.status] ? t(NOTICE_STATUS_KEYS[notice.status]!) : notice.status}
        </span>
        {notice.superseded_by_no ? (
          <span className="block max-w-40 whitespace-normal text-xs font-semibold text-amber-700 dark:text-amber-300">
            {t('supersededBy', { notice: notice.superseded_by_no })}
          </span>
        ) : null}
        <Link
          to={`/pledge/notices/print/${notice.batch_id}`}
          className="text-xs font-semibold text-brand-600 hover:underline dark:text-brand-300"
        >
          {t('printBatch')}
        </Link>
      </td>
      <td className={td}>
        <span className="block font-medium">{notice.pledge_no}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{notice.customer_name}</span>
      </td>
      <td className={`${td} text-right tabular-nums`}>
        <span className="block">{formatAmount(notice.amount_due)}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {t('saleAfter', { date: formatIndianDate(notice.sale_after) })}
        </span>
      </td>
      <td className={td}>
        <DateField
          id={`${idBase}-sent`}
          label={t('dateSentOf', { notice: notice.notice_no })}
          hideLabel
          value={sentOn}
          onChange={(e) => setSentOn(e.target.value)}
          error={messages.sent_on}
          className="w-40"
        />
      </td>
      <td className={td}>
        <label htmlFor={`${idBase}-tracking`} className="sr-only">
          {t('trackingOf', { notice: notice.notice_no })}
        </label>
        <input
          id={`${idBase}-tracking`}
          type="text"
          maxLength={40}
          value={trackingNo}
          placeholder={t('trackingPlaceholder')}
          onChange={(e) => setTrackingNo(e.target.value)}
          aria-invalid={messages.tracking_no ? true : undefined}
          aria-describedby={messages.tracking_no ? `${idBase}-tracking-error` : undefined}
          className={`${input} ${messages.tracking_no ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'}`}
        />
        <Problem id={`${idBase}-tracking-error`} message={messages.tracking_no} />
      </td>
      <td className={td}>
        <DateField
          id={`${idBase}-delivered`}
          label={t('deliveredOf', { notice: notice.notice_no })}
          hideLabel
          value={deliveredOn}
          onChange={(e) => setDeliveredOn(e.target.value)}
          error={messages.delivered_on}
          className="w-40"
        />
      </td>
      <td className={td}>
        <Button
          variant="secondary"
          onClick={() => void save()}
          disabled={!changed || update.isPending}
          aria-label={t('saveServed', { notice: notice.notice_no })}
        >
          {update.isPending ? t('saving') : t('save')}
        </Button>
        {saved && !changed ? (
          <p role="status" className="mt-1 text-xs text-green-700 dark:text-green-400">
            {t('saved')}
          </p>
        ) : null}
        {other ? (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {other}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
