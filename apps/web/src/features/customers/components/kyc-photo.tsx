import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { removeCustomerPhoto, uploadCustomerPhoto, useKycChange } from '../api/kyc-changes';
import { customerKycText } from '../kyc-i18n';
import { checkIdProofFile, ID_PROOF_MAX_MB } from './id-proof-field';
import { ImagePickButtons } from './image-pick-buttons';
import { useExplainError } from './use-explain-error';

/**
 * The customer's photograph, taken at the counter (the front camera of a tablet) or chosen as a file,
 * so the person who redeems is the person who pledged. A face has no Aadhaar number to hide: it goes
 * as it is.
 */
export function KycPhoto({
  customerId,
  name,
  photo,
}: {
  customerId: number;
  name: string;
  photo: string | null;
}) {
  const t = useT(customerKycText);
  const messageText = useMessageText();
  const explain = useExplainError();
  const { showToast } = useToast();
  const upload = useKycChange(uploadCustomerPhoto);
  const remove = useKycChange(removeCustomerPhoto);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const isBusy = upload.isPending || remove.isPending;

  const send = (file: File) => {
    const refused = checkIdProofFile(file);
    if (refused) {
      setProblem(messageText(refused));
      return;
    }
    setProblem(null);
    upload.mutate(
      { customerId, file },
      {
        onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('photoSaved') }),
        onError: (error) => setProblem(explain(error, t('changeFailed'))),
      },
    );
  };

  return (
    <div className="space-y-3">
      <FormError message={problem} />
      <div className="grid h-44 w-36 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 dark:border-navy-600 dark:bg-navy-900">
        {photo ? (
          <a href={photo} target="_blank" rel="noopener" className="block h-full w-full">
            <img src={photo} alt={t('photoOf', { name })} className="h-full w-full object-cover" />
          </a>
        ) : (
          <span className="px-2 text-center text-xs text-slate-500 dark:text-slate-400">{t('noPhoto')}</span>
        )}
      </div>
      <ImagePickButtons
        chooseLabel={t('choosePhoto', { name })}
        cameraLabel={t('takePhoto')}
        facing="user"
        disabled={isBusy}
        onChosen={send}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('imageHint', { mb: ID_PROOF_MAX_MB })}</p>
      {photo ? (
        <Button variant="ghost" className="px-2 py-1" disabled={isBusy} onClick={() => setAsking(true)}>
          {t('removePhoto')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('removePhotoTitle')}
        message={t('removePhotoQuestion', { name })}
        confirmLabel={t('remove')}
        isBusy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setProblem(null);
          remove.mutate(
            { customerId },
            {
              onSuccess: () =>
                showToast({ type: 'success', title: t('success'), message: t('photoRemoved') }),
              onError: (error) => setProblem(explain(error, t('changeFailed'))),
              onSettled: () => setAsking(false),
            },
          );
        }}
      />
    </div>
  );
}
