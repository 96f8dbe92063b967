import {
  businessToday,
  formatIndianDate,
  RELEASE_RECEIVER_KINDS,
  type ReleaseReceiverKind,
  releaseNeedsProof,
  releasePledgeSchema,
} from '@pledge-desk/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { idFrom } from '@/lib/ids';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import {
  usePledgeHistory,
  useReleaseCustomerKyc,
  useReleasePledge,
  useReleasePledgeView,
} from '../api/releases-api';
import { PROOF_KEYS, RECEIVER_KEYS, releaseText } from '../i18n';

const card = 'rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800';

/**
 * Release of a closed pledge's articles (/pledge/release/{id}): who receives them,
 * and for anyone but the pawner in person the proof the Tamil Nadu Act asks (s. 8, Rule 6). Saved, it
 * opens the release slip (Form H) to print and sign.
 */
export function ReleasePage() {
  const t = useT(releaseText);
  const messageText = useMessageText();
  const params = useParams();
  const pledgeId = idFrom(params.pledgeId) ?? 0;
  const pledge = useReleasePledgeView(pledgeId);
  const history = usePledgeHistory(pledgeId);
  const save = useReleasePledge(pledgeId);
  const submission = useIdempotentSubmit();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [kind, setKind] = useState<ReleaseReceiverKind>('pawner');
  const [releasedOn, setReleasedOn] = useState(() => businessToday());
  const [receiverName, setReceiverName] = useState('');
  const [idProof, setIdProof] = useState('');
  const [proofReference, setProofReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const needsProof = releaseNeedsProof(kind);
  // The pawner's nominee (issue 33), offered when someone else takes the articles.
  const kyc = useReleaseCustomerKyc(pledge.data?.customer_id ?? null);
  const nominee = kyc.data?.nominee ?? null;
  // The release keeps no receiver's relation or mobile of its own: they go into the remarks.
  const applyNominee = () => {
    if (!nominee) return;
    setReceiverName(nominee.name);
    setErrors(({ receiver_name: _name, ...rest }) => rest);
    setRemarks((current) =>
      current.trim() !== ''
        ? current
        : nominee.mobile
          ? t('nomineeRemarkMobile', { relation: nominee.relation, mobile: nominee.mobile })
          : t('nomineeRemark', { relation: nominee.relation }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = {
      receiver_kind: kind,
      released_on: releasedOn,
      receiver_name: receiverName.trim() || null,
      receiver_id_proof: idProof.trim() || null,
      proof_reference: needsProof ? proofReference.trim() || null : null,
      remarks: remarks.trim() || null,
    };
    const parsed = releasePledgeSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    submission.send(body, (key) => save.mutateAsync({ body, key }), {
      onSuccess: () => {
        showToast({
          type: 'success',
          title: t('released'),
          message: t('releasedMessage'),
        });
        void navigate(`/pledge/release-slip/${pledgeId}`);
      },
      onError: (error) => {
        const fields = serverFieldMessages(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(errorMessage(error, t('releaseFailed')));
      },
    });
  };

  if (pledge.isPending || history.isPending) return <Spinner label={t('loadingPledge')} className="py-16" />;
  if (pledge.isError || history.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {t('pledgeFailed')}
      </p>
    );
  }
  const p = pledge.data;
  const h = history.data;
  return (
    <div className="space-y-4">
      <div className={card}>
        <h2 className="text-lg font-bold text-navy-700 dark:text-white">
          {t('releaseTitle', { pledge: p.pledge_no })}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400 uppercase">{t('customer')}</dt>
            <dd className="font-semibold">{p.customer_name}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400 uppercase">{t('closedOn')}</dt>
            <dd className="font-semibold">{h.closed_date ? formatIndianDate(h.closed_date) : t('open')}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400 uppercase">{t('articles')}</dt>
            <dd className="font-semibold">
              {t('articleCount', { count: String(p.item_count), weight: p.net_weight.toFixed(3) })}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 dark:text-slate-400 uppercase">{t('packet')}</dt>
            <dd className="font-semibold">{p.packet_no ?? p.pledge_no}</dd>
          </div>
        </dl>
      </div>
      {!h.releasable ? (
        <div className={card}>
          <p
            role="alert"
            className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {h.released_on
              ? t('releasedOn', { date: formatIndianDate(h.released_on) })
              : h.is_move_to_bank
                ? t('atBank')
                : h.closed_date === null
                  ? t('stillOpen')
                  : t('cannotRelease')}
          </p>
          {h.has_release ? (
            <Link
              className="mt-3 inline-block text-sm font-semibold text-brand-600 dark:text-brand-300"
              to={`/pledge/release-slip/${pledgeId}`}
            >
              {t('openSlip')}
            </Link>
          ) : null}
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className={`${card} space-y-4`} aria-label={t('releaseForm')}>
          <FormError message={formError && messageText(formError)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('receivedBy')}
              value={kind}
              error={errors.receiver_kind}
              onChange={(e) => setKind(e.target.value as ReleaseReceiverKind)}
            >
              {RELEASE_RECEIVER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(RECEIVER_KEYS[k])}
                </option>
              ))}
            </SelectField>
            <DateField
              label={t('releaseDate')}
              value={releasedOn}
              error={errors.released_on}
              onChange={(e) => setReleasedOn(e.target.value)}
            />
            <TextField
              label={needsProof ? t('receiverName') : t('receiverNameOrPawner')}
              value={receiverName}
              placeholder={needsProof ? '' : p.customer_name}
              maxLength={100}
              error={errors.receiver_name}
              onChange={(e) => setReceiverName(e.target.value)}
            />
            <TextField
              label={t('receiverIdProof')}
              value={idProof}
              maxLength={100}
              error={errors.receiver_id_proof}
              onChange={(e) => setIdProof(e.target.value)}
            />
            {needsProof ? (
              <TextField
                label={t('proofReference', { proof: t(PROOF_KEYS[kind]) })}
                value={proofReference}
                maxLength={200}
                error={errors.proof_reference}
                onChange={(e) => setProofReference(e.target.value)}
              />
            ) : null}
            <TextField
              label={t('remarks')}
              value={remarks}
              maxLength={500}
              error={errors.remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
          </div>
          {needsProof && nominee ? (
            <div
              data-testid="nominee-suggestion"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-navy-900/60"
            >
              <p className="text-slate-700 dark:text-slate-200">
                {t('nomineeOnFile', { name: nominee.name, relation: nominee.relation })}
                {nominee.mobile ? `, ${t('nomineeMobile', { mobile: nominee.mobile })}` : ''}
              </p>
              <Button variant="secondary" onClick={applyNominee}>
                {t('useNominee')}
              </Button>
            </div>
          ) : null}
          {needsProof ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('actNote')}</p> : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('releasing') : t('releaseArticles')}
            </Button>
            <Link
              to="/pledge/awaiting-release"
              className="inline-flex items-center text-sm font-semibold text-brand-600 dark:text-brand-300"
            >
              {t('awaitingRelease')}
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}

export default ReleasePage;
