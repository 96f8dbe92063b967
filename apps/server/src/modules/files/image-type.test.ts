import { describe, expect, it } from 'vitest';
import { JPEG_HEADER, PNG_1PX, WEBP_HEADER } from '../../test/images.ts';
import { detectImageType } from './image-type.ts';

describe('detectImageType', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(PNG_1PX)).toBe('image/png');
    expect(detectImageType(JPEG_HEADER)).toBe('image/jpeg');
    expect(detectImageType(WEBP_HEADER)).toBe('image/webp');
  });

  it('refuses HTML, SVG, GIF and empty files whatever their name', () => {
    expect(detectImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });
});
