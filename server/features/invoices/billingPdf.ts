// A bill (請求書) as an A4 PDF: a title, label/value rows and free text lines (a group's invoice: the amount, the
// due date and the park's bank account). Same machinery as receipts: pdf-lib with Noto Sans JP from the npm
// package, cut to the characters used by HarfBuzz (subset-font), see pdf.ts for why both steps.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
let fontBytes: Promise<Buffer> | null = null;
const font = () => {
  fontBytes ??= readFile(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'));
  return fontBytes;
};

export interface BillingPdfInput {
  title: string;
  recipient: string;
  rows: [string, string][];
  /** Free text below the rows (the bank account, notes), one entry a line. */
  notes: string[];
}

export async function renderBillingPdf(doc: BillingPdfInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const chars = [...new Set([...JSON.stringify(doc), ...'0123456789,¥JPY -:'])].join('');
  const subset = await subsetFont(await font(), chars, { targetFormat: 'truetype' });
  const f = await pdf.embedFont(subset, { subset: true, features: { liga: false } });
  pdf.setTitle(doc.title);
  pdf.setCreator('ZooPass');
  const page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.1, 0.1, 0.1);
  let y = 790;
  const text = (s: string, x: number, size = 10) => page.drawText(s, { x, y, size, font: f, color: ink });
  text(doc.title, 50, 18);
  y -= 34;
  text(doc.recipient, 50, 13);
  y -= 26;
  for (const [label, value] of doc.rows) {
    text(label, 50);
    text(value.slice(0, 60), 190);
    y -= 16;
  }
  y -= 14;
  for (const line of doc.notes.flatMap((n) => n.split('\n'))) {
    text(line.slice(0, 80), 50);
    y -= 15;
  }
  return Buffer.from(await pdf.save());
}
