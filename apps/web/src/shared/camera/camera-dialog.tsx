import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { cameraText } from './i18n';

type CameraState = 'starting' | 'live' | 'taken' | 'denied' | 'none' | 'insecure' | 'failed';

/** Why the camera could not start, from getUserMedia's refusal. */
export function cameraProblem(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'failed';
}

/**
 * A photo from the counter's camera (`getUserMedia`), or a file when there is none, it is refused, or
 * the page is not a secure context (a branch server reached as http://192.168.… gets no camera: the
 * file input then opens a tablet's or phone's camera app, `capture`). `facing` chooses the camera a
 * tablet uses: 'environment' (the back one) for a card, 'user' for the customer.
 */
export function CameraDialog({
  open,
  facing = 'environment',
  onTaken,
  onCancel,
}: {
  open: boolean;
  facing?: 'user' | 'environment';
  onTaken: (file: File) => void;
  onCancel: () => void;
}) {
  const t = useT(cameraText);
  const [state, setState] = useState<CameraState>('starting');
  const [photo, setPhoto] = useState<File | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fileId = useId();
  const photoUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoUrl ? URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  useEffect(() => {
    if (!open) return;
    setPhoto(null);
    let stopped = false;
    const stop = () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setState('insecure');
      return;
    }
    setState('starting');
    navigator.mediaDevices.getUserMedia({ video: { facingMode: facing }, audio: false }).then(
      (media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => {});
        }
        setState('live');
      },
      (error: unknown) => !stopped && setState(cameraProblem(error)),
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [open, facing]);

  const take = async () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) {
      setState('failed');
      return;
    }
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    setPhoto(new File([blob], `camera-${stamp}.jpg`, { type: 'image/jpeg' }));
    setState('taken');
  };

  const problem = state === 'denied' || state === 'none' || state === 'insecure' || state === 'failed';
  return (
    <Modal
      open={open}
      title={t('title')}
      onClose={onCancel}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          {state === 'taken' ? (
            <>
              <Button variant="secondary" onClick={() => setState('live')}>
                {t('retake')}
              </Button>
              <Button onClick={() => photo && onTaken(photo)}>{t('use')}</Button>
            </>
          ) : (
            <Button disabled={state !== 'live'} onClick={() => void take()}>
              {t('take')}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3">
        {problem ? (
          <p role="alert" className="text-sm text-amber-800 dark:text-amber-200">
            {t(state)}
          </p>
        ) : null}
        <div
          className={
            problem ? 'hidden' : 'relative mx-auto w-full max-w-xl overflow-hidden rounded-xl bg-black'
          }
        >
          <video
            ref={video}
            aria-label={t('preview')}
            muted
            playsInline
            className={state === 'taken' ? 'hidden' : 'block w-full'}
          />
          {photoUrl && state === 'taken' ? (
            <img src={photoUrl} alt={t('taken')} className="block w-full" />
          ) : null}
          {state === 'starting' ? (
            <div className="absolute inset-0 grid place-items-center text-white">
              <Spinner />
              <span className="sr-only">{t('starting')}</span>
            </div>
          ) : null}
        </div>
        {problem ? (
          <div>
            <label
              htmlFor={fileId}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('chooseFile')}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              capture={facing}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) onTaken(chosen);
                event.target.value = '';
              }}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 dark:text-slate-300 dark:file:bg-navy-700 dark:file:text-white"
            />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
