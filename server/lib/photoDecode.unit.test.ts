import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rotatedGpsJpeg } from '../test/photoFixtures';
import { DomainError } from './errors';
import { decodeUpright, sniffPhoto } from './photoDecode';

const refusal = (p: Promise<unknown>) => p.then(() => null).catch((e: unknown) => (e as DomainError).key);

describe('photo decode', () => {
  it('sniffs JPEG, PNG, WebP, AVIF and HEIC by their bytes only', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } });
    expect(sniffPhoto(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffPhoto(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffPhoto(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffPhoto(await base.clone().avif().toBuffer())).toBe('avif');
    expect(sniffPhoto(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBe('heic');
    expect(sniffPhoto(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('turns pixels upright by EXIF orientation, as sRGB raw pixels', async () => {
    const { info } = await decodeUpright(await rotatedGpsJpeg(), 'jpeg', 'photoType');
    expect(info).toMatchObject({ width: 1000, height: 2000, channels: 3 });
  });

  it("refuses with the caller's code when libvips reads another format than the bytes say", async () => {
    // A JPEG signature on a PNG: libvips reads a PNG.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect(await refusal(decodeUpright(png, 'jpeg', 'photoType'))).toBe('photoType');
    expect(await refusal(decodeUpright(png, 'jpeg', 'mediaPhotoType'))).toBe('mediaPhotoType');
  });

  it('refuses a picture over 50 megapixels (a decompression bomb) and a broken one as photoUnreadable', async () => {
    // 7100 × 7100 grey: 50.4 megapixels in 64 KB.
    const bomb = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#fff' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(decodeUpright(bomb, 'png', 'photoType'))).toBe('photoUnreadable');
    const broken = (await rotatedGpsJpeg()).subarray(0, 200);
    expect(await refusal(decodeUpright(broken, 'jpeg', 'photoType'))).toBe('photoUnreadable');
    expect(new DomainError('photoUnreadable').status).toBe(400);
  });
});
