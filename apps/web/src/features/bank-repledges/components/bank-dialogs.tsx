import {
  BANK_REPLEDGE_FIELD_MESSAGES,
  type BankRepledge,
  businessToday,
  formatIndianDate,
  paiseToRupees,
} from '@pledge-desk/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { moneyTextError, readMoneyText } from '@/components/ui/money-input';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { ApiError } from '@/lib/api-client';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { BankPicker } from '@/shared/pickers/bank-picker';
import { useMoveToBank, useReturnFromBank } from '../api/bank-repledges-api';
import { bankRepledgeText } from '../i18n';

export const MOVE_FAILED = bankRepledgeText.en.moveFailed;
export const RETURN_FAILED = bankRepledgeText.en.returnFailed;

type Errors = Record<string, string>;

/** The server's 422 messages for these fields, and whatever else it said as one sentence. */
function serverErrors(error: unknown, fields: readonly string[], fallback: string) {
  const byField = error instanceof ApiError ? error.fieldMessages() : {};
  const placed: Errors = {};
  for (const f of fields) if (byField[f]) placed[f] = byField[f];
  return { placed, text: Object.keys(placed).length > 0 ? null : errorMessage(error, fallback) };
}

function amountOf(text: string): number | null {
  const read = readMoneyText(text);
  return 'paise' in read && read.paise !== null ? paiseToRupees(read.paise) : null;
}

const MOVE_FIELDS = ['bank_id', 'pledged_on', 'amount_borrowed', 'bank_reference', 'received_by', 'remarks'];

/** Move to Bank: the bank, the day, what it lent, its reference and how it paid. */
export function MoveToBankDialog({
  pledge,
  onClose,
}: {
  pledge: { pledge_id: number; pledge_no: string; pledge_date: string; total_loan_amount: number };
  onClose: () => void;
}) {
  const t = useT(bankRepledgeText);
  const messageText = useMessageText();
  const formId = useId();
  const [bankId, setBankId] = useState<number | null>(null);
  const [pledgedOn, setPledgedOn] = useState(businessToday());
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedBy, setReceivedBy] = useState<'bank' | 'cash'>('bank');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const clear = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  const [formError, setFormError] = useState<string | null>(null);
  const move = useMoveToBank();
  const submission = useIdempotentSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    const next: Errors = {};
    if (bankId === null) next.bank_id = BANK_REPLEDGE_FIELD_MESSAGES.bank;
    if (!pledgedOn) next.pledged_on = BANK_REPLEDGE_FIELD_MESSAGES.pledgedOn;
    const amountError = moneyTextError(amount, { aboveZero: true });
    const borrowed = amountOf(amount);
    if (amountError || borrowed === null)
      next.amount_borrowed = amountError ?? BANK_REPLEDGE_FIELD_MESSAGES.amountBorrowed;
    if (!reference.trim()) next.bank_reference = BANK_REPLEDGE_FIELD_MESSAGES.bankReference;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0 || bankId === null || borrowed === null) return;
    const body = {
      bank_id: bankId,
      pledged_on: pledgedOn,
      amount_borrowed: borrowed,
      bank_reference: reference.trim(),
      received_by: receivedBy,
      remarks: remarks.trim() || null,
    };
    submission.send(
      body,
      (idempotencyKey) => move.mutateAsync({ pledgeId: pledge.pledge_id, body, idempotencyKey }),
      {
        onSuccess: onClose,
        onError: (error) => {
          const { placed, text } = serverErrors(error, MOVE_FIELDS, t('moveFailed'));
          setErrors(placed);
          setFormError(text);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('moveTitle', { pledge: pledge.pledge_no })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={move.isPending}>
            {move.isPending ? t('saving') : t('moveToBank')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t('moveNote', { amount: formatRupeeAmount(pledge.total_loan_amount) })}
        </p>
        <div className="sm:col-span-2">
          <BankPicker
            label={t('bank')}
            value={bankId}
            onChange={(id) => {
              setBankId(id);
              clear('bank_id');
            }}
            error={errors.bank_id && messageText(errors.bank_id)}
          />
        </div>
        <DateField
          label={t('dateGiven')}
          value={pledgedOn}
          min={pledge.pledge_date}
          max={businessToday()}
          onChange={(e) => {
            setPledgedOn(e.target.value);
            clear('pledged_on');
          }}
          error={errors.pledged_on && messageText(errors.pledged_on)}
        />
        <TextField
          label={t('amountBorrowedRs')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            clear('amount_borrowed');
          }}
          error={errors.amount_borrowed}
        />
        <TextField
          label={t('bankReference')}
          maxLength={100}
          value={reference}
          onChange={(e) => {
            setReference(e.target.value);
            clear('bank_reference');
          }}
          error={errors.bank_reference}
        />
        <SelectField
          label={t('receivedBy')}
          value={receivedBy}
          onChange={(e) => setReceivedBy(e.target.value === 'cash' ? 'cash' : 'bank')}
          error={errors.received_by}
        >
          <option value="bank">{t('intoBankAccount')}</option>
          <option value="cash">{t('inCash')}</option>
        </SelectField>
        <TextField
          label={t('remarks')}
          className="sm:col-span-2"
          maxLength={500}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          error={errors.remarks}
        />
        <FormError message={formError && messageText(formError)} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}

const RETURN_FIELDS = ['returned_on', 'bank_interest', 'paid_by', 'return_reference', 'remarks'];

/** Return from Bank: the day, the bank's interest, how it was paid and the bank's reference. */
export function ReturnFromBankDialog({ repledge, onClose }: { repledge: BankRepledge; onClose: () => void }) {
  const t = useT(bankRepledgeText);
  const messageText = useMessageText();
  const formId = useId();
  const [returnedOn, setReturnedOn] = useState(businessToday());
  const [interest, setInterest] = useState('');
  const [paidBy, setPaidBy] = useState<'bank' | 'cash'>('bank');
  const [reference, setReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const clear = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  const [formError, setFormError] = useState<string | null>(null);
  const back = useReturnFromBank();
  const submission = useIdempotentSubmit();
  const interestRupees = amountOf(interest) ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (back.isPending) return;
    const next: Errors = {};
    if (!returnedOn) next.returned_on = BANK_REPLEDGE_FIELD_MESSAGES.returnedOn;
    const interestError = moneyTextError(interest);
    if (interestError) next.bank_interest = interestError;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    const body = {
      returned_on: returnedOn,
      bank_interest: interestRupees,
      paid_by: paidBy,
      return_reference: reference.trim() || null,
      remarks: remarks.trim() || null,
    };
    submission.send(
      body,
      (idempotencyKey) => back.mutateAsync({ pledgeId: repledge.pledge_id, body, idempotencyKey }),
      {
        onSuccess: onClose,
        onError: (error) => {
          const { placed, text } = serverErrors(error, RETURN_FIELDS, t('returnFailed'));
          setErrors(placed);
          setFormError(text);
        },
      },
    );
  };

  const total = paiseToRupees(Math.round(repledge.amount_borrowed * 100) + Math.round(interestRupees * 100));
  return (
    <Modal
      open
      title={t('returnTitle', { pledge: repledge.pledge_no })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={back.isPending}>
            {back.isPending ? t('saving') : t('returnFromBank')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm sm:col-span-2 dark:bg-navy-900">
          <dt className="text-slate-500 dark:text-slate-400">{t('bank')}</dt>
          <dd className="font-semibold text-navy-700 dark:text-white">{repledge.bank_name}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('givenOn')}</dt>
          <dd className="font-semibold text-navy-700 dark:text-white">
            {formatIndianDate(repledge.pledged_on)}
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('reference')}</dt>
          <dd className="font-semibold text-navy-700 dark:text-white">{repledge.bank_reference}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('amountBorrowed')}</dt>
          <dd className="font-semibold text-navy-700 tabular-nums dark:text-white">
            {formatRupeeAmount(repledge.amount_borrowed)}
          </dd>
        </dl>
        <DateField
          label={t('dateOfReturn')}
          value={returnedOn}
          min={repledge.pledged_on}
          max={businessToday()}
          onChange={(e) => {
            setReturnedOn(e.target.value);
            clear('returned_on');
          }}
          error={errors.returned_on && messageText(errors.returned_on)}
        />
        <TextField
          label={t('bankInterestRs')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={interest}
          onChange={(e) => {
            setInterest(e.target.value);
            clear('bank_interest');
          }}
          error={errors.bank_interest}
        />
        <SelectField
          label={t('paidBy')}
          value={paidBy}
          onChange={(e) => setPaidBy(e.target.value === 'cash' ? 'cash' : 'bank')}
          error={errors.paid_by}
        >
          <option value="bank">{t('fromBankAccount')}</option>
          <option value="cash">{t('inCash')}</option>
        </SelectField>
        <TextField
          label={t('returnReference')}
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={errors.return_reference}
        />
        <TextField
          label={t('remarks')}
          className="sm:col-span-2"
          maxLength={500}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          error={errors.remarks}
        />
        <p className="text-sm font-semibold text-navy-700 sm:col-span-2 dark:text-white">
          {t('paidToBank', { amount: formatRupeeAmount(total) })}
        </p>
        <FormError message={formError && messageText(formError)} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
