// Story photos: judged by their bytes (magic numbers, then sharp's own reading), never by name or declared type;
// re-encoded so nothing of the original file reaches visitors: turned upright by its EXIF orientation, every piece
// of metadata dropped (EXIF, GPS, XMP, ICC: sharp writes none unless asked), resized to a few widths (never
// enlarged) in AVIF and WebP. HEIC (HEVC inside HEIF, what iPhones take) is decoded by heic-decode (libheif compiled
// to WebAssembly; the libvips that sharp ships has no HEVC decoder): libheif applies the picture's own rotation and
// mirroring, and only the pixels go on to sharp, so its metadata (EXIF, GPS) is dropped the same way.
import decodeHeic from 'heic-decode';
import sharp, { type OutputInfo } from 'sharp';
import { DomainError } from '../../../lib/errors';
import { ftypBrand } from './containers';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Widths of the variants (CSS px at 1x and 2x of the story column); the original's width when smaller. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** Decompression bombs: a 10 MB file can claim a huge canvas. 50 megapixels is more than any phone takes. */
const MAX_INPUT_PIXELS = 50_000_000;

export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

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

export interface PhotoVariant {
  contentType: 'image/avif' | 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** Upright size of the largest variant. */
  width: number;
  height: number;
  variants: PhotoVariant[];
}

export function variantWidths(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] as number);
  return [...new Set([...below, top])];
}

/** JPEG, PNG, WebP, AVIF: one decode by libvips, turned upright by EXIF orientation, as sRGB raw pixels. */
async function decodeUpright(
  bytes: Buffer,
  kind: Exclude<SniffedImage, 'heic'>,
): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    // The bytes and libvips must agree (a PNG header on something else is not a PNG).
    if (meta.format !== (kind === 'avif' ? 'heif' : kind)) throw new DomainError('mediaPhotoType');
    return await input.rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('photoUnreadable');
  }
}

/** A HEIC picture's pixels, upright (libheif applies its irot/imir), as sRGB raw pixels like sharp's decode. */
async function decodeHeicUpright(bytes: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  let decoded: { width: number; height: number; data: Uint8ClampedArray };
  try {
    decoded = await decodeHeic({ buffer: bytes });
  } catch {
    throw new DomainError('photoUnreadable');
  }
  const { width, height, data } = decoded;
  if (!(width > 0 && height > 0) || width * height > MAX_INPUT_PIXELS) throw new DomainError('photoUnreadable');
  const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) throw new DomainError('photoTooLarge');
  const kind = sniffPhoto(bytes);
  if (!kind) throw new DomainError('mediaPhotoType');
  let upright: { data: Buffer; info: OutputInfo };
  if (kind === 'heic') upright = await decodeHeicUpright(bytes);
  else upright = await decodeUpright(bytes, kind);
  const { width, height } = upright.info;
  const variants: PhotoVariant[] = [];
  for (const w of variantWidths(width)) {
    const raw = { width, height, channels: upright.info.channels };
    const resized = sharp(upright.data, { raw, limitInputPixels: MAX_INPUT_PIXELS }).resize({
      width: w,
      withoutEnlargement: true,
    });
    const [avif, webp] = await Promise.all([
      // AVIF at effort 2 costs about 0.4 s for 1600 px here, and is half the size of WebP.
      resized.clone().avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true }),
      resized.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
    ]);
    for (const [out, contentType] of [
      [avif, 'image/avif'],
      [webp, 'image/webp'],
    ] as const) {
      variants.push({ contentType, width: out.info.width, height: out.info.height, bytes: out.data });
    }
  }
  const largest = variants[variants.length - 1] as PhotoVariant;
  return { width: largest.width, height: largest.height, variants };
}
