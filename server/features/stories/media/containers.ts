// Short movies are judged by their container, never by name or declared type: MP4 by its `ftyp` box (ISO/IEC
// 14496-12), WebM by its EBML header with DocType "webm" (Matroska). The duration comes from the container too: MP4
// `moov/mvhd` (timescale and duration), WebM `Segment/Info` (TimecodeScale and Duration). No decoder runs on the
// server; a file whose length we cannot read is refused rather than trusted.
import { ftypBrand } from '../../../lib/photoDecode';

export type MovieType = 'video/mp4' | 'video/webm';

export interface MovieInfo {
  type: MovieType;
  /** Seconds, as the container states it. */
  durationSeconds: number;
}

/**
 * ISO-BMFF brands that make a file an MP4 (ISO base media, MP4 versions 1 and 2, AVC, DASH, Apple's M4V). HEIF
 * pictures (heic, mif1, avif) and QuickTime-only movies (`qt  `) share the ftyp box but are not MP4.
 */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'iso8', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ']);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** Every brand of the ftyp box (major and compatible). */
function ftypBrands(b: Buffer): string[] {
  const size = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let o = 16; o + 4 <= size; o += 4) brands.push(b.toString('latin1', o, o + 4));
  return brands;
}

export function isMp4(bytes: Uint8Array): boolean {
  const major = ftypBrand(bytes);
  if (!major || IMAGE_BRANDS.has(major)) return false;
  const brands = ftypBrands(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return brands.some((br) => MP4_BRANDS.has(br));
}

/** The mvhd duration in seconds, walking top-level boxes to moov. Null when absent or malformed. */
export function mp4DurationSeconds(bytes: Uint8Array): number | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const moov = findBox(b, 0, b.length, 'moov');
  if (!moov) return null;
  const mvhd = findBox(b, moov.start, moov.end, 'mvhd');
  if (!mvhd) return null;
  const p = mvhd.start;
  if (p + 4 > mvhd.end) return null;
  const version = b[p];
  // version 0: 32-bit creation, modification, timescale, duration; version 1: 64-bit times and duration.
  if (version === 1) {
    if (p + 32 > mvhd.end) return null;
    const timescale = b.readUInt32BE(p + 20);
    const duration = Number(b.readBigUInt64BE(p + 24));
    return timescale ? duration / timescale : null;
  }
  if (p + 20 > mvhd.end) return null;
  const timescale = b.readUInt32BE(p + 12);
  const duration = b.readUInt32BE(p + 16);
  // All ones means "unknown" (fragmented files): we cannot tell the length, so it is refused.
  if (!timescale || duration === 0xffffffff) return null;
  return duration / timescale;
}

/** A child box by type within [from, to): its payload range. Handles 64-bit sizes and "to the end" (size 0). */
function findBox(b: Buffer, from: number, to: number, type: string): { start: number; end: number } | null {
  let o = from;
  while (o + 8 <= to) {
    let size = b.readUInt32BE(o);
    const t = b.toString('latin1', o + 4, o + 8);
    let header = 8;
    if (size === 1) {
      if (o + 16 > to) return null;
      size = Number(b.readBigUInt64BE(o + 8));
      header = 16;
    } else if (size === 0) size = to - o;
    if (size < header || o + size > to) return null;
    if (t === type) return { start: o + header, end: o + size };
    o += size;
  }
  return null;
}

// EBML: element ids keep their length marker bits; sizes drop them. An all-ones size means "unknown" (live
// streams): allowed for Segment and Cluster, which we do not need to skip past once Info is found.
const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const SIMPLE_BLOCK = 0xa3;

function vint(b: Buffer, o: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = b[o];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || o + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[o + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  dataStart: number;
  dataEnd: number;
}

function* elements(b: Buffer, from: number, to: number): Generator<Element> {
  let o = from;
  while (o < to) {
    const id = vint(b, o, true);
    if (!id) return;
    const size = vint(b, o + id.length, false);
    if (!size) return;
    const dataStart = o + id.length + size.length;
    const dataEnd = size.unknown ? to : Math.min(dataStart + size.value, to);
    yield { id: id.value, dataStart, dataEnd };
    if (size.unknown) return;
    o = dataStart + size.value;
  }
}

export function isWebm(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 4 || b.readUInt32BE(0) !== EBML_HEADER) return false;
  const header = elements(b, 0, b.length).next().value;
  if (!header) return false;
  for (const el of elements(b, header.dataStart, header.dataEnd)) {
    if (el.id === DOC_TYPE) return b.toString('latin1', el.dataStart, el.dataEnd).replace(/\0+$/, '') === 'webm';
  }
  return false;
}

/**
 * Segment/Info/Duration (a float in TimecodeScale units, nanoseconds each, by default 1,000,000). Browsers'
 * MediaRecorder writes no Duration (it streams, with Segment and Clusters of unknown size): then the length is the
 * time of the last block (cluster Timecode plus the block's relative time).
 */
export function webmDurationSeconds(bytes: Uint8Array): number | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let scale = 1_000_000;
  let duration: number | null = null;
  let clusterTime: number | null = null;
  let lastBlock: number | null = null;
  let sawSegment = false;
  // A flat walk: masters that matter (Segment, Info, Cluster, BlockGroup) are entered rather than skipped, which
  // also copes with unknown sizes; everything else is skipped by its size.
  let o = 0;
  while (o < b.length) {
    const id = vint(b, o, true);
    if (!id) break;
    const size = vint(b, o + id.length, false);
    if (!size) break;
    const start = o + id.length + size.length;
    const end = size.unknown ? b.length : start + size.value;
    if (end > b.length && !(id.value === SEGMENT || id.value === CLUSTER)) break;
    const len = end - start;
    switch (id.value) {
      case SEGMENT:
        sawSegment = true;
        o = start;
        continue;
      case INFO:
      case CLUSTER:
      case BLOCK_GROUP:
        o = start;
        continue;
      case TIMECODE_SCALE:
        if (len >= 1 && len <= 6) scale = b.readUIntBE(start, len);
        break;
      case DURATION:
        if (len === 4) duration = b.readFloatBE(start);
        if (len === 8) duration = b.readDoubleBE(start);
        break;
      case CLUSTER_TIMECODE:
        if (len >= 1 && len <= 6) clusterTime = b.readUIntBE(start, len);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        const track = vint(b, start, false);
        if (clusterTime !== null && track && start + track.length + 2 <= end) {
          const t = clusterTime + b.readInt16BE(start + track.length);
          lastBlock = Math.max(lastBlock ?? 0, t);
        }
        break;
      }
    }
    o = end;
  }
  if (!sawSegment) return null;
  const units = duration !== null && Number.isFinite(duration) && duration > 0 ? duration : lastBlock;
  return units === null ? null : (units * scale) / 1e9;
}

/** The movie's real type and length, or null when it is not an MP4 or WebM we can measure. */
export function readMovie(bytes: Uint8Array): MovieInfo | { type: MovieType; durationSeconds: null } | null {
  if (isMp4(bytes)) return { type: 'video/mp4', durationSeconds: mp4DurationSeconds(bytes) };
  if (isWebm(bytes)) return { type: 'video/webm', durationSeconds: webmDurationSeconds(bytes) };
  return null;
}
