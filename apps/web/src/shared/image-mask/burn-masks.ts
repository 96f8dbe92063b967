import type { MaskBox } from './mask-geometry';

/**
 * The image with every box painted solid black into its pixels, as a new file of the same kind (PNG
 * stays PNG; JPEG and WebP are written as JPEG): what is hidden is gone from the file, not covered by a
 * layer. Drawing it again also drops the camera's metadata. Runs in the browser (canvas), so the whole
 * Aadhaar number never leaves the counter's computer.
 */
export async function burnMasks(file: File, boxes: readonly MaskBox[]): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.drawImage(bitmap, 0, 0);
    context.fillStyle = '#000000';
    for (const box of boxes) context.fillRect(box.x, box.y, box.width, box.height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
    if (!blob) throw new Error('The image could not be written');
    const name = file.name.replace(/\.[^.]*$/, '') + (type === 'image/png' ? '-masked.png' : '-masked.jpg');
    return new File([blob], name, { type });
  } finally {
    bitmap.close();
  }
}

/** The pixel size of an image file (the boxes are laid in it). */
export async function imageSizeOf(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}
