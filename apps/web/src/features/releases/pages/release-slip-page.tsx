import { useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { useSession } from '@/lib/session';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { useCountedPrint } from '@/shared/print/use-counted-print';
import { usePhotoSettled } from '@/shared/print/use-photo-settled';
import {
  usePledgeHistory,
  useRecordSlipPrint,
  useRelease,
  useReleaseCustomerKyc,
  useSlipCompany,
} from '../api/releases-api';
import { ReleaseSlip, type SlipPaper, slipPaperMm } from '../components/release-slip';
import { releaseSlipText, releaseText } from '../i18n';

/**
 * The release slip (/pledge/release-slip/{id}; Form H, the redemption receipt), printed like the pawn
 * ticket: Print records the print first, so every print after the first says DUPLICATE.
 */
export function ReleaseSlipPage() {
  const t = useT(releaseSlipText);
  const tr = useT(releaseText);
  const params = useParams();
  const pledgeId = idFrom(params.pledgeId);
  const { company } = useSession();
  // The history says first whether there is a release, so an unreleased pledge asks no 404.
  const history = usePledgeHistory(pledgeId ?? 0, pledgeId !== null);
  const hasRelease = history.data?.has_release === true;
  const release = useRelease(pledgeId, hasRelease);
  const companyDetails = useSlipCompany(company?.id ?? null);
  const record = useRecordSlipPrint(pledgeId ?? 0);
  const [paper, setPaper] = useState<SlipPaper>('A5');
  // The pawner's photograph beside the name: the print waits for it to load (or fail). A KYC that
  // cannot be read leaves the slip without it rather than unprintable.
  const kyc = useReleaseCustomerKyc(release.data?.customer.id ?? null);
  const kycSettled = kyc.data !== undefined || kyc.isError;
  const photo = kyc.data?.photo ?? null;
  const { state: photoState, settled: photoSettled } = usePhotoSettled(photo);
  const isReady =
    Boolean(release.data) && !companyDetails.isPending && kycSettled && photoState !== 'loading';
  const { print, answer, isPrinting } = useCountedPrint({
    record: () => record.mutateAsync(),
    isReady,
    failure: { title: t('printError'), message: t('printFailed') },
  });
  const isDuplicate = answer ? answer.duplicate : (release.data?.slip_prints ?? 0) > 0;
  const size = slipPaperMm[paper];
  return (
    <div className="space-y-4 print:space-y-0">
      <style>{`@page { size: ${paper} portrait; margin: 0; }`}</style>
      <PrintToolbar
        back={{ to: '/pledge/awaiting-release', label: tr('awaitingRelease') }}
        kindLabel={t('slipKind')}
        kind="full"
        kinds={['full']}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => void print()}
        printDisabled={!isReady || isPrinting}
        printing={isPrinting}
      />
      {pledgeId === null ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {t('noPledgeId')}
        </p>
      ) : history.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {t('loadFailed')}
        </p>
      ) : history.data && !hasRelease ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 print:hidden">
          {t('noRelease')}
        </p>
      ) : release.isPending ? (
        <Spinner label={t('loading')} className="py-16" />
      ) : release.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 print:hidden">
          {release.error instanceof ApiError && release.error.status === 404
            ? t('noRelease')
            : t('loadFailed')}
        </p>
      ) : (
        <section
          aria-label={t('preview')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto pb-4 print:overflow-visible print:p-0"
        >
          {photoState === 'loading' || photoState === 'failed' ? (
            <p
              role="status"
              data-testid="photo-state"
              className="mb-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800 print:hidden"
            >
              {photoState === 'loading' ? t('loadingPhoto') : t('photoFailed')}
            </p>
          ) : null}
          <div style={{ minWidth: `${size.width}mm` }}>
            <ReleaseSlip
              release={release.data}
              company={companyDetails.data ?? company ?? undefined}
              paper={paper}
              isDuplicate={isDuplicate}
              photo={photo}
              onPhotoSettled={photoSettled}
            />
          </div>
        </section>
      )}
    </div>
  );
}

export default ReleaseSlipPage;
