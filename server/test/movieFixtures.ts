// Tiny MP4 and WebM files written box by box / element by element: enough container for the server's checks (type
// and duration), no real pictures. Used by the parsers' unit tests and the upload tests.

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  if (version === 1) {
    const p = Buffer.alloc(4 + 8 + 8 + 4 + 8 + 80);
    p[0] = 1;
    p.writeUInt32BE(timescale, 20);
    p.writeBigUInt64BE(BigInt(duration), 24);
    return box('mvhd', p);
  }
  const p = Buffer.alloc(4 + 4 + 4 + 4 + 4 + 80);
  p.writeUInt32BE(timescale, 12);
  p.writeUInt32BE(duration, 16);
  return box('mvhd', p);
}

/** An MP4 of `seconds` (mvhd in milliseconds), with `padding` bytes of media data. */
export function mp4Fixture(
  seconds: number,
  { version = 0, padding = 64, brand = 'isom', compatible = 'isomiso2mp41' } = {},
): Buffer {
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0${compatible}`, 'latin1'));
  const moov = box('moov', mvhd(version as 0 | 1, 1000, Math.round(seconds * 1000)));
  return Buffer.concat([ftyp, box('free'), moov, box('mdat', Buffer.alloc(padding, 7))]);
}

function ebmlSize(n: number): Buffer {
  // 8-byte sizes always: simple and valid.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(n, 2, 6);
  return b;
}

function el(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  return Buffer.concat([idBytes, ebmlSize(body.length), body]);
}

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/**
 * A WebM as a browser's MediaRecorder writes it: no Duration, Segment and Clusters of unknown size, one cluster per
 * second with a SimpleBlock at its start and one 500 ms in; the last block at `seconds`.
 */
export function streamedWebmFixture(seconds: number): Buffer {
  const header = el(0x1a45dfa3, el(0x4282, Buffer.from('webm', 'latin1')));
  const scale = Buffer.alloc(3);
  scale.writeUIntBE(1_000_000, 0, 3);
  const parts: Buffer[] = [Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, el(0x1549a966, el(0x2ad7b1, scale))];
  const block = (ms: number) => {
    const p = Buffer.alloc(4 + 8);
    p[0] = 0x81; // track 1
    p.writeInt16BE(ms, 1);
    p[3] = 0x80; // keyframe
    return el(0xa3, p);
  };
  for (let s = 0; s <= Math.floor(seconds); s++) {
    const code = Buffer.alloc(4);
    code.writeUInt32BE(s * 1000);
    const blocks = [block(0)];
    const last = seconds - s;
    if (last > 0 && last < 1) blocks.push(block(Math.round(last * 1000)));
    else if (last >= 1) blocks.push(block(500));
    parts.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, el(0xe7, code), ...blocks);
  }
  return Buffer.concat([header, ...parts]);
}

/** A WebM of `seconds` (Duration as an 8-byte float in milliseconds, the default TimecodeScale). */
export function webmFixture(seconds: number, { docType = 'webm', padding = 64 } = {}): Buffer {
  const header = el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, Buffer.from(docType, 'latin1')));
  const scale = Buffer.alloc(3);
  scale.writeUIntBE(1_000_000, 0, 3);
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(seconds * 1000);
  const info = el(0x1549a966, el(0x2ad7b1, scale), el(0x4489, duration));
  const cluster = el(0x1f43b675, Buffer.alloc(padding, 3));
  return Buffer.concat([header, el(0x18538067, info, cluster)]);
}
