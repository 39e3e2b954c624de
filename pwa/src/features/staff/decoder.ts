// Reading QR codes from camera frames: the browser's own BarcodeDetector where it has one that reads QR codes,
// else ZXing compiled to WebAssembly (zxing-wasm), its .wasm file served from our origin and precached by the
// service worker (never a CDN), so the scanner decodes with no network.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface QrDecoder {
  kind: 'native' | 'zxing';
  /** The first QR code's text in the frame, or null. */
  decode(frame: ImageData): Promise<string | null>;
}

interface NativeDetector {
  detect(source: ImageData): Promise<{ rawValue: string }[]>;
}
type DetectorClass = (new (o: {
  formats: string[];
}) => NativeDetector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return { kind: 'native', decode: async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<QrDecoder> {
  const zxing = await import('zxing-wasm/reader');
  await zxing.prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return {
    kind: 'zxing',
    async decode(frame) {
      const [hit] = await zxing.readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: false });
      return hit?.isValid ? hit.text : null;
    },
  };
}

let made: Promise<QrDecoder> | null = null;
/** The decoder of this page (made once). `?decoder=zxing` forces the WebAssembly one (benchmarks, tests). */
export function qrDecoder(forceZxing = false): Promise<QrDecoder> {
  made ??= (async () => (!forceZxing && (await nativeDecoder())) || zxingDecoder())();
  return made;
}
