import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import { CameraDialog } from '@/shared/camera/camera-dialog';
import { customerKycText } from '../kyc-i18n';
import { ID_PROOF_TYPES } from './id-proof-field';

/**
 * Where an image comes from: a file (the input sits inside a label drawn as a button, so Tab reaches it
 * and Space opens the chooser), or the counter's camera. `chooseLabel` and `cameraLabel` say which
 * image (the front of a PAN card, the customer's photograph) to a screen reader.
 */
export function ImagePickButtons({
  chooseLabel,
  cameraLabel,
  facing,
  disabled = false,
  onChosen,
}: {
  chooseLabel: string;
  cameraLabel: string;
  facing: 'user' | 'environment';
  disabled?: boolean;
  onChosen: (file: File) => void;
}) {
  const t = useT(customerKycText);
  const [cameraOpen, setCameraOpen] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <label
        className={`inline-flex cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-navy-700 transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700 ${
          disabled ? 'pointer-events-none opacity-50' : ''
        }`}
      >
        <input
          type="file"
          accept={ID_PROOF_TYPES.join(',')}
          aria-label={chooseLabel}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file may be chosen again after it was refused.
            event.target.value = '';
            if (chosen) onChosen(chosen);
          }}
        />
        {t('chooseFile')}
      </label>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        aria-label={cameraLabel}
        disabled={disabled}
        onClick={() => setCameraOpen(true)}
      >
        {t('camera')}
      </Button>
      <CameraDialog
        open={cameraOpen}
        facing={facing}
        onCancel={() => setCameraOpen(false)}
        onTaken={(taken) => {
          setCameraOpen(false);
          onChosen(taken);
        }}
      />
    </div>
  );
}
