// Gate thumbnails of pass holders (issue 29, plan 2.9): how many bytes an offline gate stores for 50,000 holders.
// Each sample is a face-photo-like picture run through processFacePhoto's thumb step (96 × 96 centre crop, WebP from
// q55 down until it fits 6,144 bytes: server/features/passes/photos), and the same 96 × 96 pixels in AVIF at a
// comparable quality (the lowest AVIF quality whose mean PSNR on a calibration sample is at least WebP's). Prints JSON.
//
// Pictures: random portrait (3:4) crops, scales, mirror flips and brightness/saturation changes of a real photograph
// (a street scene with people, node_modules/autocannon/test/j5.jpeg, 1169 × 584, shipped with autocannon, which
// the benches already depend on): real photographic texture, unlike the seed art, whose flat colours compress
// unrealistically well. Two small control sets say how far the figure could move: the seed staff avatars (flat
// colour, seeds/art) and random noise (the least compressible picture, an upper bound).
//
//   npm run bench:pass-thumbs                      (50,000 photos: about 35 minutes of one quiet core, AVIF most of it)
//   BENCH_N=5000 npm run bench:pass-thumbs         (a sample: totals extrapolated linearly to 50,000, and says so)
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { artJobs } from '../seeds/art';
import { encodeThumb, type Pixels, THUMB_EDGE, THUMB_MAX_BYTES, thumbPixels } from '../server/features/passes/photos';

const HOLDERS = 50_000;
/** The holder row a gate stores beside the thumb (name, pass number, dates, term ticket and token ids: plan 2.9). */
const ROW_BYTES = 300;
const N = Math.min(Number(process.env.BENCH_N ?? HOLDERS), HOLDERS);
const CALIBRATION = Math.min(200, N);
const CONTROLS = Math.min(200, N);
const AVIF_QUALITIES = [30, 35, 40, 45, 50, 55, 60, 65, 70];
/** sharp's default AVIF effort; the thumb is encoded once, at upload. */
const AVIF_EFFORT = 4;
const PHOTO = fileURLToPath(new URL('../node_modules/autocannon/test/j5.jpeg', import.meta.url));

/** mulberry32: the same pictures on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rawOf = (p: Pixels) =>
  sharp(p.data, { raw: { width: p.info.width, height: p.info.height, channels: p.info.channels } });

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
/** CPU time of this process (libvips' threads included) since `from`: what a busy machine does not inflate. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

async function decoded(bytes: Buffer): Promise<Pixels> {
  return sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** A face-photo-like crop of the photograph: portrait 3:4, 120 px to the full height, maybe mirrored, relit. */
async function photoSample(source: Pixels, next: () => number): Promise<Pixels> {
  const { width, height } = source.info;
  // Log-uniform heights: close-ups and wider framings alike.
  const h = Math.round(120 * (height / 120) ** next());
  const w = Math.min(width, Math.round(h * 0.75));
  const left = Math.floor(next() * (width - w + 1));
  const top = Math.floor(next() * (height - h + 1));
  let img = rawOf(source)
    .extract({ left, top, width: w, height: h })
    .modulate({ brightness: 0.85 + next() * 0.3, saturation: 0.8 + next() * 0.4 });
  if (next() < 0.5) img = img.flop();
  return img.raw().toBuffer({ resolveWithObject: true });
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  const mse = sum / a.length;
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

const avif = (p: Pixels, quality: number) => rawOf(p).avif({ quality, effort: AVIF_EFFORT }).toBuffer();
const backToPixels = async (bytes: Buffer) => (await sharp(bytes).removeAlpha().raw().toBuffer()) as Buffer;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function stats(bytes: number[]) {
  const sorted = [...bytes].sort((a, b) => a - b);
  const total = bytes.reduce((s, b) => s + b, 0);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] as number,
    mean: Math.round(total / bytes.length),
    total,
  };
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

if (!existsSync(PHOTO)) {
  console.error(`bench:pass-thumbs: the photograph ${PHOTO} is missing (it comes with autocannon: run npm ci)`);
  process.exit(1);
}
const load = { start: loadavg().map((l) => Math.round(l * 100) / 100), end: [] as number[] };
const started = process.hrtime.bigint();
const source = await decoded(await sharp(PHOTO).toBuffer());
const next = random(29);

// Calibration: the AVIF quality comparable to the WebP thumb, by mean PSNR against the 96 × 96 pixels.
const calibration: { pixels: Pixels; webpPsnr: number }[] = [];
for (let i = 0; i < CALIBRATION; i++) {
  const pixels = await thumbPixels(await photoSample(source, next));
  const webp = await encodeThumb(pixels);
  calibration.push({ pixels, webpPsnr: psnr(pixels.data, await backToPixels(webp.bytes)) });
}
const webpPsnr = calibration.reduce((s, c) => s + c.webpPsnr, 0) / calibration.length;
const avifPsnrByQuality: Record<string, number> = {};
let avifQuality = AVIF_QUALITIES[AVIF_QUALITIES.length - 1] as number;
for (const q of AVIF_QUALITIES) {
  let sum = 0;
  for (const c of calibration) sum += psnr(c.pixels.data, await backToPixels(await avif(c.pixels, q)));
  avifPsnrByQuality[q] = Math.round((sum / calibration.length) * 100) / 100;
  if (sum / calibration.length >= webpPsnr) {
    avifQuality = q;
    break;
  }
}

// The run: N photos through the thumb step (crop + WebP ladder), and the same pixels in AVIF.
const webpBytes: number[] = [];
const avifBytes: number[] = [];
const webpQualities: Record<string, number> = {};
let thumbStepMs = 0;
let webpEncodeMs = 0;
let avifEncodeMs = 0;
let thumbStepCpuMs = 0;
let avifCpuMs = 0;
for (let i = 0; i < N; i++) {
  const photo = await photoSample(source, next);
  let cpu = process.cpuUsage();
  let t = process.hrtime.bigint();
  const pixels = await thumbPixels(photo);
  const cropMs = ms(t);
  t = process.hrtime.bigint();
  const webp = await encodeThumb(pixels);
  const encodeMs = ms(t);
  thumbStepMs += cropMs + encodeMs;
  thumbStepCpuMs += cpuMs(cpu);
  webpEncodeMs += encodeMs;
  webpBytes.push(webp.bytes.length);
  webpQualities[webp.quality] = (webpQualities[webp.quality] ?? 0) + 1;
  cpu = process.cpuUsage();
  t = process.hrtime.bigint();
  avifBytes.push((await avif(pixels, avifQuality)).length);
  avifEncodeMs += ms(t);
  avifCpuMs += cpuMs(cpu);
  // Progress on stderr (the JSON alone goes to stdout): on a busy machine a run takes long.
  if ((i + 1) % 1000 === 0) console.error(`${i + 1}/${N} photos, ${Math.round(ms(started) / 1000)} s`);
}

// Controls: flat-colour seed avatars, and random noise.
const avatars = artJobs().filter((j) => j.url.startsWith('/media/users/'));
const avatarBytes: number[] = [];
for (let i = 0; i < CONTROLS && avatars.length; i++) {
  const job = avatars[i % avatars.length] as (typeof avatars)[number];
  const svg = await sharp(Buffer.from(job.render()), { density: 72 + (i % 5) * 48 })
    .png()
    .toBuffer();
  const pixels = await thumbPixels(await decoded(svg));
  avatarBytes.push((await encodeThumb(pixels)).bytes.length);
}
const noiseBytes: number[] = [];
const noiseAvifBytes: number[] = [];
for (let i = 0; i < CONTROLS; i++) {
  const pixels: Pixels = {
    data: randomBytes(THUMB_EDGE * THUMB_EDGE * 3),
    info: { width: THUMB_EDGE, height: THUMB_EDGE, channels: 3 },
  };
  noiseBytes.push((await encodeThumb(pixels)).bytes.length);
  noiseAvifBytes.push((await avif(pixels, avifQuality)).length);
}

const webp = stats(webpBytes);
const avifStats = stats(avifBytes);
const scale = HOLDERS / N;
const projected = (total: number) => Math.round(total * scale);
const rows = HOLDERS * ROW_BYTES;
load.end = loadavg().map((l) => Math.round(l * 100) / 100);

console.log(
  JSON.stringify(
    {
      photos: N,
      holders: HOLDERS,
      extrapolated: N < HOLDERS,
      ...(N < HOLDERS
        ? { extrapolation: `totals measured over ${N} photos and scaled linearly to ${HOLDERS} (x${scale})` }
        : {}),
      source:
        'random 3:4 crops (120-584 px high, log-uniform), mirror flips, brightness 0.85-1.15 and saturation 0.8-1.2 ' +
        'of a real photograph (node_modules/autocannon/test/j5.jpeg, 1169 x 584, a street scene with people); seed 29',
      thumb: `${THUMB_EDGE} x ${THUMB_EDGE} centre crop (processFacePhoto thumbPixels + encodeThumb)`,
      timing: '...Ms: wall clock, inflated by a busy machine (see loadavg); ...CpuMs: CPU time of the process',
      webp: {
        quality: 'q55, then q45 ... q5 until <= 6,144 bytes',
        capBytes: THUMB_MAX_BYTES,
        bytes: webp,
        overCap: webpBytes.filter((b) => b > THUMB_MAX_BYTES).length,
        photosPerQuality: webpQualities,
        meanPsnrDb: Math.round(webpPsnr * 100) / 100,
        thumbStepMsPerPhoto: Math.round((thumbStepMs / N) * 100) / 100,
        encodeMsPerPhoto: Math.round((webpEncodeMs / N) * 100) / 100,
        thumbStepCpuMsPerPhoto: Math.round((thumbStepCpuMs / N) * 100) / 100,
      },
      avif: {
        quality: avifQuality,
        effort: AVIF_EFFORT,
        comparableBy: `the lowest quality whose mean PSNR over ${CALIBRATION} thumbs >= WebP's`,
        meanPsnrDbByQuality: avifPsnrByQuality,
        bytes: avifStats,
        encodeMsPerPhoto: Math.round((avifEncodeMs / N) * 100) / 100,
        encodeCpuMsPerPhoto: Math.round((avifCpuMs / N) * 100) / 100,
        ofWebp: Math.round((avifStats.total / webp.total) * 100) / 100,
      },
      controls: {
        seedAvatarsFlatColourWebp: avatarBytes.length ? stats(avatarBytes) : null,
        randomNoiseWebp: stats(noiseBytes),
        randomNoiseAvif: stats(noiseAvifBytes),
      },
      gateStorageFor50000Holders: {
        rowBytesEach: ROW_BYTES,
        rowsBytes: rows,
        webpThumbsBytes: projected(webp.total),
        webpTotalBytes: projected(webp.total) + rows,
        webpTotalMB: mb(projected(webp.total) + rows),
        webpTotalMBIfEveryThumbWereP95: mb(HOLDERS * webp.p95 + rows),
        avifThumbsBytes: projected(avifStats.total),
        avifTotalBytes: projected(avifStats.total) + rows,
        avifTotalMB: mb(projected(avifStats.total) + rows),
        boundAtCapBytes: HOLDERS * THUMB_MAX_BYTES + rows,
        boundAtCapMB: mb(HOLDERS * THUMB_MAX_BYTES + rows),
      },
      machine: {
        cpus: cpus().length,
        loadavg: load,
        node: process.version,
        libvips: sharp.versions.vips,
        elapsedS: Math.round(ms(started) / 100) / 10,
      },
    },
    null,
    2,
  ),
);
