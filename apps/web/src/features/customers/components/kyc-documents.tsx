import { formatIndianDate, type IdDocumentView } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { MaskImageDialog } from '@/shared/image-mask/mask-image-dialog';
import {
  type IdDocumentSide,
  removeIdDocument,
  removeIdDocumentImage,
  uploadIdDocumentImage,
  useIdDocumentChange,
} from '../api/id-documents';
import { customerKycText } from '../kyc-i18n';
import { checkIdProofFile } from './id-proof-field';
import { ImagePickButtons } from './image-pick-buttons';
import { kindWord } from './kyc-words';
import { useExplainError } from './use-explain-error';

type Asking =
  | { what: 'document'; document: IdDocumentView }
  | { what: 'image'; document: IdDocumentView; side: IdDocumentSide };

/**
 * The customer's ID documents: kind, number as the server answers it (an Aadhaar masked), the dates
 * with an expired one marked, and the images of the front and the back. Every image goes through the
 * Aadhaar masking dialog before upload (issue 33), whatever the kind: a voter ID's back, a ration card
 * may carry the number too.
 */
export function KycDocuments({ customerId, documents }: { customerId: number; documents: IdDocumentView[] }) {
  const t = useT(customerKycText);
  const messageText = useMessageText();
  const explain = useExplainError();
  const { showToast } = useToast();
  const [toMask, setToMask] = useState<{ document: IdDocumentView; side: IdDocumentSide; file: File } | null>(
    null,
  );
  const [asking, setAsking] = useState<Asking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useIdDocumentChange(uploadIdDocumentImage);
  const removeImage = useIdDocumentChange(removeIdDocumentImage);
  const remove = useIdDocumentChange(removeIdDocument);
  const isBusy = upload.isPending || removeImage.isPending || remove.isPending;

  const choose = (document: IdDocumentView, side: IdDocumentSide, file: File) => {
    const refused = checkIdProofFile(file);
    setProblem(refused ? messageText(refused) : null);
    if (!refused) setToMask({ document, side, file });
  };

  const send = (document: IdDocumentView, side: IdDocumentSide, file: File) => {
    setProblem(null);
    upload.mutate(
      { customerId, documentId: document.id, side, file },
      {
        onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('imageSaved') }),
        onError: (error) => setProblem(explain(error, t('changeFailed'))),
      },
    );
  };

  const confirm = () => {
    if (!asking) return;
    const { document } = asking;
    const done = () => setAsking(null);
    const onError = (error: unknown) => {
      setProblem(explain(error, t('changeFailed')));
      done();
    };
    setProblem(null);
    if (asking.what === 'document') {
      remove.mutate(
        { customerId, documentId: document.id },
        {
          onSuccess: () => {
            showToast({ type: 'success', title: t('success'), message: t('documentRemoved') });
            done();
          },
          onError,
        },
      );
    } else {
      removeImage.mutate(
        { customerId, documentId: document.id, side: asking.side },
        {
          onSuccess: () => {
            showToast({ type: 'success', title: t('success'), message: t('imageRemoved') });
            done();
          },
          onError,
        },
      );
    }
  };

  const askingKind = asking ? kindWord(asking.document.kind, t) : '';
  const askingNumber = asking?.document.number ?? '';

  return (
    <div className="space-y-3">
      <FormError message={problem} />
      {documents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-500 dark:border-navy-600 dark:text-slate-400">
          {t('noDocuments')}
        </p>
      ) : (
        <ul className="space-y-3">
          {documents.map((document) => {
            const kind = kindWord(document.kind, t);
            return (
              <li
                key={document.id}
                aria-label={`${kind} ${document.number}`}
                className="rounded-xl border border-slate-200 p-4 dark:border-navy-600"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-navy-700 dark:text-white">
                      {kind} <span className="ml-1 font-mono text-sm tabular-nums">{document.number}</span>
                      {document.expired ? (
                        <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-900/40 dark:text-red-300">
                          {t('expired')}
                        </span>
                      ) : null}
                    </p>
                    {document.issued_on || document.expires_on ? (
                      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                        {[
                          document.issued_on
                            ? t('issuedOnShort', { date: formatIndianDate(document.issued_on) })
                            : null,
                          document.expires_on
                            ? t('expiresOnShort', { date: formatIndianDate(document.expires_on) })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-red-600 dark:text-red-400"
                    aria-label={t('removeDocumentLabel', { kind, number: document.number })}
                    disabled={isBusy}
                    onClick={() => setAsking({ what: 'document', document })}
                  >
                    {t('remove')}
                  </Button>
                </div>
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  {(['front', 'back'] as const).map((side) => {
                    const url = document[side];
                    const alt = t(side === 'front' ? 'imageOfFront' : 'imageOfBack', { kind });
                    return (
                      <div key={side} className="space-y-2">
                        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                          {t(side)}
                        </p>
                        <div className="grid h-28 w-44 place-items-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50 dark:border-navy-600 dark:bg-navy-900">
                          {url ? (
                            <a href={url} target="_blank" rel="noopener" className="block h-full w-full">
                              <img src={url} alt={alt} className="h-full w-full object-contain" />
                            </a>
                          ) : (
                            <span className="text-xs text-slate-500 dark:text-slate-400">{t('noImage')}</span>
                          )}
                        </div>
                        <div className="flex flex-wrap items-center gap-2">
                          <ImagePickButtons
                            chooseLabel={t(side === 'front' ? 'uploadFront' : 'uploadBack', { kind })}
                            cameraLabel={t(side === 'front' ? 'cameraFront' : 'cameraBack', { kind })}
                            facing="environment"
                            disabled={isBusy}
                            onChosen={(file) => choose(document, side, file)}
                          />
                          {url ? (
                            <Button
                              variant="ghost"
                              className="px-2 py-1"
                              aria-label={t(side === 'front' ? 'removeFront' : 'removeBack', { kind })}
                              disabled={isBusy}
                              onClick={() => setAsking({ what: 'image', document, side })}
                            >
                              {t('remove')}
                            </Button>
                          ) : null}
                        </div>
                      </div>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <MaskImageDialog
        file={toMask?.file ?? null}
        onCancel={() => setToMask(null)}
        onUse={(used) => {
          const waiting = toMask;
          setToMask(null);
          if (!waiting) return;
          // Painted again, a photo may come out larger than the limit.
          const refused = checkIdProofFile(used);
          if (refused) setProblem(messageText(refused));
          else send(waiting.document, waiting.side, used);
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking?.what === 'document' ? t('removeDocumentTitle') : t('removeImageTitle')}
        message={
          asking?.what === 'document'
            ? t('removeDocumentQuestion', { kind: askingKind, number: askingNumber })
            : t(asking?.side === 'back' ? 'removeBackQuestion' : 'removeFrontQuestion', {
                kind: askingKind,
                number: askingNumber,
              })
        }
        confirmLabel={t('remove')}
        isBusy={isBusy}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
