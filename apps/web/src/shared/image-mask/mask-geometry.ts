/**
 * The boxes a clerk lays over an ID card's image to hide what must not be kept (the first eight digits
 * of an Aadhaar number, its QR code): rectangles in the image's own pixels, moved and sized by a drag or
 * the arrow keys, always inside the image.
 */
export interface MaskBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The smallest box, in pixels of the image. */
const MIN_SIDE = 8;

/**
 * Where an Aadhaar card's front prints its number: a band across the lower middle. The first box starts
 * there; the clerk moves it over the first eight digits (the last four may stay visible).
 */
export function startingBox(image: ImageSize): MaskBox {
  return clampBox(
    {
      x: Math.round(image.width * 0.2),
      y: Math.round(image.height * 0.72),
      width: Math.round(image.width * 0.42),
      height: Math.round(image.height * 0.12),
    },
    image,
  );
}

/** A further box (for the QR code on the back): the upper right quarter, where the QR is printed. */
export function anotherBox(image: ImageSize): MaskBox {
  const side = Math.round(Math.min(image.width, image.height) * 0.35);
  return clampBox(
    {
      x: image.width - side - Math.round(image.width * 0.05),
      y: Math.round(image.height * 0.1),
      width: side,
      height: side,
    },
    image,
  );
}

/** `box` made whole pixels, at least MIN_SIDE a side, and inside the image. */
export function clampBox(box: MaskBox, image: ImageSize): MaskBox {
  const width = Math.round(Math.min(Math.max(box.width, Math.min(MIN_SIDE, image.width)), image.width));
  const height = Math.round(Math.min(Math.max(box.height, Math.min(MIN_SIDE, image.height)), image.height));
  const x = Math.round(Math.min(Math.max(box.x, 0), image.width - width));
  const y = Math.round(Math.min(Math.max(box.y, 0), image.height - height));
  return { x, y, width, height };
}

/** The box moved by (dx, dy) image pixels, kept inside. */
export function moveBox(box: MaskBox, dx: number, dy: number, image: ImageSize): MaskBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy }, image);
}

/** The box grown (or shrunk) by (dw, dh) image pixels from its top-left corner, kept inside. */
export function resizeBox(box: MaskBox, dw: number, dh: number, image: ImageSize): MaskBox {
  const width = Math.min(Math.max(box.width + dw, MIN_SIDE), image.width - box.x);
  const height = Math.min(Math.max(box.height + dh, MIN_SIDE), image.height - box.y);
  return clampBox({ ...box, width, height }, image);
}

/** A drag of (dxShown, dyShown) screen pixels over an image shown `shownWidth` wide, in image pixels. */
export function shownToImage(dxShown: number, dyShown: number, shownWidth: number, image: ImageSize) {
  const scale = shownWidth > 0 ? image.width / shownWidth : 1;
  return { dx: dxShown * scale, dy: dyShown * scale };
}

/** One arrow key's step: 1 % of the image's side (at least one pixel). */
export function keyStep(image: ImageSize): { x: number; y: number } {
  return { x: Math.max(1, Math.round(image.width / 100)), y: Math.max(1, Math.round(image.height / 100)) };
}

/** The box after an arrow key: moved, or with Shift resized. Null for any other key. */
export function boxAfterKey(box: MaskBox, key: string, shift: boolean, image: ImageSize): MaskBox | null {
  const step = keyStep(image);
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step.x, 0],
    ArrowRight: [step.x, 0],
    ArrowUp: [0, -step.y],
    ArrowDown: [0, step.y],
  };
  const d = delta[key];
  if (!d) return null;
  return shift ? resizeBox(box, d[0], d[1], image) : moveBox(box, d[0], d[1], image);
}
