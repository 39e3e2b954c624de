// Photos as phones send them, for the upload tests (story photos, pass holders' face photos).
import sharp from 'sharp';

/**
 * A 2000 × 1000 JPEG taken "rotated" (EXIF orientation 6: shown 1000 × 2000) with a camera make ("ZooCam") and a
 * GPS position.
 */
export async function rotatedGpsJpeg(background = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'ZooCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 42/1 50/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 46/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

export type Part = string | { filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, Part>) {
  const boundary = `----zoopass${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(fields)) {
    const head =
      typeof part === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(head), typeof part === 'string' ? Buffer.from(part) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
