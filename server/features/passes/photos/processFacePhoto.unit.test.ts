// Pass holders' face photos (SPEC: JPEG or PNG, at most 10 MB, judged by bytes): stored upright as a 480 px JPEG
// without any metadata, with a 96 × 96 WebP thumbnail for offline gates that never exceeds 6,144 bytes.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../../../common/errorCodes';
import { message } from '../../../../common/messages';
import { DomainError } from '../../../lib/errors';
import { rotatedGpsJpeg } from '../../../test/photoFixtures';
import { encodeThumb, processFacePhoto, THUMB_MAX_BYTES, THUMB_QUALITIES } from '.';

async function refusal(bytes: Buffer): Promise<DomainError> {
  try {
    await processFacePhoto(bytes);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('the photo was accepted');
}

async function expectNoMetadata(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  expect(m.exif).toBeUndefined();
  expect(m.icc).toBeUndefined();
  expect(m.xmp).toBeUndefined();
  expect(m.iptc).toBeUndefined();
  expect(m.orientation).toBeUndefined();
  expect(bytes.includes(Buffer.from('ZooCam'))).toBe(false);
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
}

/** 96 × 96 random pixels: the least compressible picture a thumbnail can be. */
const noise = () => ({
  data: randomBytes(96 * 96 * 3),
  info: { width: 96, height: 96, channels: 3 as const },
});

describe('processFacePhoto', () => {
  it('turns an EXIF-rotated JPEG with GPS upright: 480 px long edge, q80 JPEG, no EXIF, GPS, ICC or XMP', async () => {
    const original = await rotatedGpsJpeg();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const out = await processFacePhoto(original);
    const meta = await sharp(out.image).metadata();
    // Stored 2000 × 1000, shown 1000 × 2000: upright and scaled to a 480 px long edge.
    expect(meta).toMatchObject({ format: 'jpeg', width: 240, height: 480 });
    expect(out).toMatchObject({ width: 240, height: 480 });
    await expectNoMetadata(out.image);
  });

  it('turns the pixels, not only the size: the stored left half shows on top', async () => {
    // Stored: red on the left half; orientation 6 turns it 90° clockwise, so the red shows on the top half.
    const stored = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#00f' } })
      .composite([
        {
          input: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#f00' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await processFacePhoto(stored);
    const { data, info } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 240, height: 480 });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(120, 60)[0]).toBeGreaterThan(200); // top: red
    expect(at(120, 420)[2]).toBeGreaterThan(200); // bottom: blue
  });

  it('makes a 96 × 96 centre-cropped WebP thumbnail within 6,144 bytes, without metadata', async () => {
    const out = await processFacePhoto(await rotatedGpsJpeg('#c96'));
    const meta = await sharp(out.thumb).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(out.thumbBytes).toBe(out.thumb.length);
    expect(out.thumbBytes).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    expect(THUMB_MAX_BYTES).toBe(6144);
    expect(out.thumbQuality).toBe(55);
    await expectNoMetadata(out.thumb);
  });

  it('accepts a PNG (its transparency on white) and never enlarges a small photo', async () => {
    const png = await sharp({
      create: { width: 200, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await processFacePhoto(png);
    const meta = await sharp(out.image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 150, channels: 3 });
    const { data } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
    expect(await sharp(out.thumb).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    // A PNG named and typed as anything is judged by its bytes: there is no name or type to pass.
    const bigPng = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    expect(await processFacePhoto(bigPng)).toMatchObject({ width: 480, height: 360 });
  });

  it('refuses WebP, HEIC, AVIF, GIF and what is no image as photoType (415), in ja and en', async () => {
    const base = sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } });
    const heic = readFileSync(new URL('../../../test/fixtures/gps-photo.heic', import.meta.url));
    const refused = [
      await base.clone().webp().toBuffer(),
      heic,
      await base.clone().avif().toBuffer(),
      await base.clone().gif().toBuffer(),
      Buffer.from('<script>alert(1)</script>\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
    ];
    for (const bytes of refused) {
      const err = await refusal(bytes);
      expect(err.key).toBe('photoType');
      expect(err.status).toBe(415);
    }
    expect(message('photoType', 'ja')).toBe('JPEGまたはPNGの画像を選んでください');
    expect(message('photoType', 'en')).toBe('Please choose a JPEG or PNG image');
  });

  it('refuses over 10 MB as photoTooLarge (413) before decoding, and a broken file as photoUnreadable', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const tooLarge = await refusal(big);
    expect(tooLarge.key).toBe('photoTooLarge');
    expect(tooLarge.status).toBe(413);
    expect(message('photoTooLarge', 'en')).toBe('The photo exceeds 10MB');
    // Exactly 10 MB is still taken (the padding after IEND is ignored by the decoder).
    expect((await processFacePhoto(big.subarray(0, 10 * 1024 * 1024))).width).toBe(64);

    // A PNG signature followed by something else; a JPEG cut after its first bytes.
    const fakePng = Buffer.concat([png.subarray(0, 8), Buffer.alloc(2000, 1)]);
    const cutJpeg = (await rotatedGpsJpeg()).subarray(0, 300);
    for (const bytes of [fakePng, cutJpeg]) {
      const err = await refusal(bytes);
      expect(err.key).toBe('photoUnreadable');
      expect(ERROR_STATUS.photoUnreadable).toBe(400);
    }
  });
});

describe('encodeThumb', () => {
  it('starts at q55 and goes down the ladder until the thumb fits its cap', async () => {
    const pixels = noise();
    const first = await encodeThumb(pixels);
    expect(first.quality).toBe(THUMB_QUALITIES[0]);
    expect(first.bytes.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    // A tighter cap than q55 gives for noise: a lower quality of the ladder, within the cap.
    const cap = first.bytes.length - 1;
    const lower = await encodeThumb(pixels, cap);
    expect(lower.quality).toBeLessThan(55);
    expect(THUMB_QUALITIES).toContain(lower.quality);
    expect(lower.bytes.length).toBeLessThanOrEqual(cap);
    expect(await sharp(lower.bytes).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
  });

  it('refuses the photo (photoUnreadable) rather than keep a thumb over the cap', async () => {
    const err = await encodeThumb(noise(), 200).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).key).toBe('photoUnreadable');
  });
});
