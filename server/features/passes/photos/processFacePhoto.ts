// A pass holder's face photo (SPEC: JPEG or PNG, at most 10 MB, judged by its bytes, never by the file name or the
// declared type). Decoded upright by the shared decode (server/lib/photoDecode.ts), then re-encoded from raw pixels,
// so nothing of the original file is kept (no EXIF, GPS, ICC or XMP):
// - `image`: the photo the card, the online gate and staff review show, a JPEG with a 480 px long edge (never
//   enlarged), quality 80;
// - `thumb`: what offline gates store for every active holder, a 96 × 96 centre crop in WebP at q55, encoded again
//   lower (q45, q35 … q5) until it fits THUMB_MAX_BYTES. The cap is hard, because the gate's storage bound for
//   50,000 holders rests on it (bench/passThumbs.ts): a thumb that does not fit even at q5 refuses the photo as
//   `photoUnreadable` rather than being stored. It cannot happen with 96 × 96 RGB pixels: random noise, the least
//   compressible picture there is, is about 5.3 KB at q55 and 2.5 KB at q5.
// Runs before any transaction (it takes a few hundred milliseconds for a 12 MP photo).
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../../common/rules/images';
import { DomainError } from '../../../lib/errors';
import { decodeUpright, MAX_INPUT_PIXELS, sniffPhoto } from '../../../lib/photoDecode';

export const FACE_IMAGE_EDGE = 480;
export const FACE_IMAGE_QUALITY = 80;
export const THUMB_EDGE = 96;
export const THUMB_MAX_BYTES = 6 * 1024;
export const THUMB_QUALITIES = [55, 45, 35, 25, 15, 5] as const;

export interface FacePhoto {
  /** Upright JPEG, long edge at most 480 px, no metadata. */
  image: Buffer;
  width: number;
  height: number;
  /** 96 × 96 WebP, at most THUMB_MAX_BYTES. */
  thumb: Buffer;
  thumbBytes: number;
  /** The WebP quality the thumb fitted at (55 for nearly every photo). */
  thumbQuality: number;
}

/** Raw pixels as sharp reads them back (what decodeUpright gives too). */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const raw = (p: Pixels) =>
  sharp(p.data, {
    raw: { width: p.info.width, height: p.info.height, channels: p.info.channels },
    limitInputPixels: MAX_INPUT_PIXELS,
  });

export async function processFacePhoto(bytes: Buffer): Promise<FacePhoto> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new DomainError('photoTooLarge');
  const kind = sniffPhoto(bytes);
  if (kind !== 'jpeg' && kind !== 'png') throw new DomainError('photoType');
  const upright = await decodeUpright(bytes, kind, 'photoType');
  // One resize to the stored size; the thumb is cut from it (96 px from up to 480 px loses nothing visible).
  const stored = await raw(upright)
    // A PNG's transparency on white: a face photo has no use for it, and JPEG has none.
    .flatten({ background: '#ffffff' })
    .resize({ width: FACE_IMAGE_EDGE, height: FACE_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = await raw(stored).jpeg({ quality: FACE_IMAGE_QUALITY }).toBuffer();
  const thumb = await encodeThumb(await thumbPixels(stored));
  return {
    image,
    width: stored.info.width,
    height: stored.info.height,
    thumb: thumb.bytes,
    thumbBytes: thumb.bytes.length,
    thumbQuality: thumb.quality,
  };
}

/** The 96 × 96 centre crop (`cover`) of upright pixels, 3 channels. */
export function thumbPixels(upright: Pixels): Promise<Pixels> {
  return raw(upright)
    .flatten({ background: '#ffffff' })
    .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** WebP from q55 down the ladder until it fits `maxBytes`; refuses the photo when even the last quality does not. */
export async function encodeThumb(
  pixels: Pixels,
  maxBytes: number = THUMB_MAX_BYTES,
): Promise<{ bytes: Buffer; quality: number }> {
  for (const quality of THUMB_QUALITIES) {
    const bytes = await raw(pixels).webp({ quality }).toBuffer();
    if (bytes.length <= maxBytes) return { bytes, quality };
  }
  throw new DomainError('photoUnreadable');
}
