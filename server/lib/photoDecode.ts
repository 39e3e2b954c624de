// Uploaded photos are judged by their bytes (magic numbers, then libvips' own reading), never by the file name or
// the declared type, and decoded once into upright sRGB pixels: turned by their EXIF orientation, with nothing of the
// original file (EXIF, GPS, XMP, ICC) carried on, since what is encoded from raw pixels has no metadata to write.
// Shared by story photos (stories/media) and pass holders' face photos (passes/photos).
import sharp, { type OutputInfo } from 'sharp';
import { DomainError, type ErrorCode } from './errors';

/** Decompression bombs: a 10 MB file can claim a huge canvas. 50 megapixels is more than any phone takes. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The major brand of an ISO-BMFF file (MP4, MOV, HEIF, AVIF: pictures and movies share the ftyp box), or null. */
export function ftypBrand(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return null;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.toString('latin1', 4, 8) !== 'ftyp') return null;
  const size = b.readUInt32BE(0);
  if (size < 16 || size > 4096) return null;
  return b.toString('latin1', 8, 12);
}

export function sniffPhoto(b: Uint8Array): SniffedImage | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a) return 'png';
  const text = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  const brand = ftypBrand(b);
  if (brand === 'avif' || brand === 'avis') return 'avif';
  if (brand && HEIC_BRANDS.has(brand)) return 'heic';
  return null;
}

/** Upright sRGB pixels and their size (channels 3, or 4 with alpha). */
export interface UprightPixels {
  data: Buffer;
  info: OutputInfo;
}

/**
 * JPEG, PNG, WebP, AVIF: one decode by libvips, turned upright by EXIF orientation, as sRGB raw pixels. `wrongType`
 * is the caller's refusal when libvips reads another format than the bytes announced (each upload names the types
 * it takes in its own words); a file libvips cannot read is `photoUnreadable`.
 */
export async function decodeUpright(
  bytes: Buffer,
  kind: Exclude<SniffedImage, 'heic'>,
  wrongType: ErrorCode,
): Promise<UprightPixels> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    // The bytes and libvips must agree (a PNG header on something else is not a PNG).
    if (meta.format !== (kind === 'avif' ? 'heif' : kind)) throw new DomainError(wrongType);
    return await input.rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('photoUnreadable');
  }
}
