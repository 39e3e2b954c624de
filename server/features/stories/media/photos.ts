// Story photos: judged by their bytes and decoded upright by the shared decode (server/lib/photoDecode.ts);
// re-encoded so nothing of the original file reaches visitors: turned upright by its EXIF orientation, every piece
// of metadata dropped (EXIF, GPS, XMP, ICC: sharp writes none unless asked), resized to a few widths (never
// enlarged) in AVIF and WebP. HEIC (HEVC inside HEIF, what iPhones take) is decoded by heic-decode (libheif compiled
// to WebAssembly; the libvips that sharp ships has no HEVC decoder): libheif applies the picture's own rotation and
// mirroring, and only the pixels go on to sharp, so its metadata (EXIF, GPS) is dropped the same way.
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { DomainError } from '../../../lib/errors';
import { decodeUpright, MAX_INPUT_PIXELS, sniffPhoto, type UprightPixels } from '../../../lib/photoDecode';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Widths of the variants (CSS px at 1x and 2x of the story column); the original's width when smaller. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

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

/** A HEIC picture's pixels, upright (libheif applies its irot/imir), as sRGB raw pixels like sharp's decode. */
async function decodeHeicUpright(bytes: Buffer): Promise<UprightPixels> {
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
  const upright = kind === 'heic' ? await decodeHeicUpright(bytes) : await decodeUpright(bytes, kind, 'mediaPhotoType');
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
