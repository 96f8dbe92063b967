import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { CameraDialog } from '@/shared/camera/camera-dialog';
import { cameraText } from '@/shared/camera/i18n';
import { customerFormText } from '../i18n';

/**
 * What the server accepts (apps/server/README.md, "Sessions and files"); checked here first so a clerk
 * hears at once.
 */
export const ID_PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The server's default UPLOAD_MAX_MB; a server set lower still refuses with its own sentence. */
export const ID_PROOF_MAX_MB = 5;

export const ID_PROOF_MESSAGES = {
  type: 'Only PNG, JPEG or WebP images are accepted.',
  size: `The image must be at most ${ID_PROOF_MAX_MB} MB.`,
} as const;

/** Null when the file may be sent, else the sentence to show under the field. */
export function checkIdProofFile(file: File): string | null {
  if (!(ID_PROOF_TYPES as readonly string[]).includes(file.type)) return ID_PROOF_MESSAGES.type;
  if (file.size > ID_PROOF_MAX_MB * 1024 * 1024) return ID_PROOF_MESSAGES.size;
  return null;
}

/**
 * The optional ID proof image: a file input, a preview of the chosen file before saving (or the stored
 * image when editing), and the reason a file was refused.
 */
export function IdProofField({
  file,
  currentUrl,
  error,
  onChoose,
  onRemove,
}: {
  file: File | null;
  currentUrl: string | null;
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const t = useT(customerFormText);
  const camera = useT(cameraText);
  const [cameraOpen, setCameraOpen] = useState(false);
  const messageText = useMessageText();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const shown = previewUrl ?? currentUrl;

  return (
    <div className="sm:col-span-2 lg:col-span-3">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white">
        {t('idProofOptional')}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid h-28 w-40 shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 dark:border-navy-600 dark:bg-navy-900">
          {shown ? (
            <img
              src={shown}
              alt={file ? t('previewOfChosen') : t('currentIdProof')}
              className="h-full w-full object-contain"
            />
          ) : (
            <span className="px-2 text-center text-xs text-slate-500 dark:text-slate-400">
              {t('noImage')}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ID_PROOF_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) onChoose(chosen);
              // The same file may be chosen again after it was refused or removed.
              event.target.value = '';
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-navy-700 dark:file:text-white"
          />
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setCameraOpen(true)}>
            {camera('useCamera')}
          </Button>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('idProofHint', { mb: ID_PROOF_MAX_MB })}
          </p>
          {file ? (
            <div className="flex flex-wrap items-center gap-2 text-sm text-navy-700 dark:text-slate-200">
              <span className="truncate">{file.name}</span>
              <Button variant="ghost" className="px-2 py-1" onClick={onRemove}>
                {t('remove')}
              </Button>
            </div>
          ) : null}
          {error ? (
            <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
              {messageText(error)}
            </p>
          ) : null}
        </div>
      </div>
      <CameraDialog
        open={cameraOpen}
        onCancel={() => setCameraOpen(false)}
        onTaken={(taken) => {
          setCameraOpen(false);
          onChoose(taken);
        }}
      />
    </div>
  );
}
