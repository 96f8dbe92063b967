import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { burnMasks, imageSizeOf } from './burn-masks';
import { imageMaskText } from './i18n';
import {
  anotherBox,
  boxAfterKey,
  clampBox,
  type ImageSize,
  type MaskBox,
  shownToImage,
  startingBox,
} from './mask-geometry';

interface Drag {
  pointerId: number;
  index: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  start: MaskBox;
}

/**
 * Before an ID card's image is kept: the clerk lays black boxes over the Aadhaar number's first eight
 * digits (and the QR code) and the boxes are painted into the image in this browser (`burnMasks`), or
 * the clerk ticks that the card is no Aadhaar or is already masked and the file goes as it is (issue
 * 33; the law: only the last four digits may be kept). `burn` and `measure` are the browser's own;
 * tests give theirs.
 */
export function MaskImageDialog({
  file,
  onUse,
  onCancel,
  burn = burnMasks,
  measure = imageSizeOf,
}: {
  file: File | null;
  onUse: (file: File) => void;
  onCancel: () => void;
  burn?: (file: File, boxes: readonly MaskBox[]) => Promise<File>;
  measure?: (file: File) => Promise<ImageSize>;
}) {
  const t = useT(imageMaskText);
  const [size, setSize] = useState<ImageSize | null>(null);
  const [boxes, setBoxes] = useState<MaskBox[]>([]);
  const [chosen, setChosen] = useState(0);
  const [notAadhaar, setNotAadhaar] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const drag = useRef<Drag | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const boxButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  useEffect(() => {
    setSize(null);
    setBoxes([]);
    setChosen(0);
    setNotAadhaar(false);
    setFailed(false);
    setBusy(false);
    if (!file) return;
    let current = true;
    measure(file).then(
      (measured) => {
        if (!current) return;
        setSize(measured);
        setBoxes([startingBox(measured)]);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [file, measure]);

  const update = (index: number, box: MaskBox) =>
    setBoxes((list) => list.map((b, i) => (i === index ? box : b)));

  const onPointerDown = (event: ReactPointerEvent, index: number, mode: Drag['mode']) => {
    if (!size) return;
    event.preventDefault();
    event.stopPropagation();
    setChosen(index);
    boxButtons.current[index]?.focus();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      index,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      start: boxes[index]!,
    };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId || !size) return;
    const shownWidth = frame.current?.getBoundingClientRect().width ?? 0;
    const { dx, dy } = shownToImage(event.clientX - d.startX, event.clientY - d.startY, shownWidth, size);
    const next =
      d.mode === 'move'
        ? clampBox({ ...d.start, x: d.start.x + dx, y: d.start.y + dy }, size)
        : clampBox(
            {
              ...d.start,
              width: Math.min(d.start.width + dx, size.width - d.start.x),
              height: Math.min(d.start.height + dy, size.height - d.start.y),
            },
            size,
          );
    update(d.index, next);
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const hide = async () => {
    if (!file || boxes.length === 0) return;
    setBusy(true);
    try {
      onUse(await burn(file, boxes));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const pct = (value: number, whole: number) => `${(value / whole) * 100}%`;

  return (
    <Modal
      open={file !== null}
      title={t('title')}
      onClose={onCancel}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="secondary" disabled={!notAadhaar || busy} onClick={() => file && onUse(file)}>
            {t('useAsItIs')}
          </Button>
          <Button disabled={!size || boxes.length === 0 || busy} onClick={() => void hide()}>
            {t('hideAndUse')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('explain')}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('keys')}</p>
        {failed ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('unreadable')}
          </p>
        ) : null}
        {previewUrl && !failed ? (
          <div
            ref={frame}
            className="relative mx-auto w-full max-w-xl touch-none select-none"
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <img src={previewUrl} alt={t('imageAlt')} className="block w-full" draggable={false} />
            {size ? (
              boxes.map((box, index) => (
                <button
                  // The boxes change only by being added and removed at the end or by the chosen one.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a box has no identity but its place
                  key={index}
                  ref={(element) => {
                    boxButtons.current[index] = element;
                  }}
                  type="button"
                  data-testid="mask-box"
                  aria-label={t('box', { n: index + 1, count: boxes.length })}
                  aria-pressed={index === chosen}
                  className={`absolute cursor-move border-2 border-dashed bg-black/85 outline-none ${index === chosen ? 'border-amber-400 ring-2 ring-amber-400' : 'border-white'}`}
                  style={{
                    left: pct(box.x, size.width),
                    top: pct(box.y, size.height),
                    width: pct(box.width, size.width),
                    height: pct(box.height, size.height),
                  }}
                  onFocus={() => setChosen(index)}
                  onPointerDown={(event) => onPointerDown(event, index, 'move')}
                  onKeyDown={(event) => {
                    const next = boxAfterKey(box, event.key, event.shiftKey, size);
                    if (!next) return;
                    event.preventDefault();
                    update(index, next);
                  }}
                >
                  <span
                    aria-hidden="true"
                    title={t('resize', { n: index + 1 })}
                    className="absolute -right-1.5 -bottom-1.5 h-3.5 w-3.5 cursor-se-resize rounded-sm border border-white bg-amber-400"
                    onPointerDown={(event) => onPointerDown(event, index, 'resize')}
                  />
                </button>
              ))
            ) : (
              <div className="absolute inset-0 grid place-items-center bg-white/60 dark:bg-navy-900/60">
                <Spinner />
                <span className="sr-only">{t('loading')}</span>
              </div>
            )}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={!size}
            onClick={() => {
              if (!size) return;
              setBoxes((list) => [...list, anotherBox(size)]);
              setChosen(boxes.length);
            }}
          >
            {t('addBox')}
          </Button>
          <Button
            variant="secondary"
            disabled={boxes.length === 0}
            onClick={() => {
              setBoxes((list) => list.filter((_, i) => i !== chosen));
              setChosen(0);
            }}
          >
            {t('removeBox')}
          </Button>
        </div>
        {size && boxes.length === 0 && !notAadhaar ? (
          <p className="text-sm text-amber-700 dark:text-amber-300">{t('noBoxes')}</p>
        ) : null}
        <CheckboxField
          label={t('notAadhaar')}
          checked={notAadhaar}
          onChange={(event) => setNotAadhaar(event.target.checked)}
        />
      </div>
    </Modal>
  );
}
