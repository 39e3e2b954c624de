// Draws an invoice or a credit note as an A4 PDF with pdf-lib, the Japanese glyphs from Noto Sans JP (the npm
// package's TTF). Only the characters used are embedded, so a receipt stays small (10-50 KB) and looks the same
// everywhere. HarfBuzz (subset-font) cuts the 5.5 MB font to those characters first: pdf-lib's own subsetting of
// the whole font dropped the outlines of many kanji (seen rendered: text extractable, 書 請 号 blank), and
// embedding HarfBuzz's cut whole drew digits and ligatures too wide; both steps together render right. Text is in the reader's language, with the legally required parts (issuer, number, rates) in both.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';
import type { Locale } from '../../../common/enums';
import type { RateAmount } from '../../../common/rules/invoice';

const require = createRequire(import.meta.url);
let fontBytes: Promise<Buffer> | null = null;
const font = () => {
  fontBytes ??= readFile(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'));
  return fontBytes;
};

export interface PdfDocumentInput {
  kind: 'invoice' | 'credit';
  locale: Locale;
  number: string;
  issuedAt: Date;
  issuer: { name: string; address: string | null; registrationNumber: string | null };
  recipient: string | null;
  reissue: boolean;
  /** Invoice: the order's application number; credit note: the invoice it corrects. */
  reference: string;
  lines: { name: string; quantity: number; amount: number; rate: number }[];
  byRate: RateAmount[];
  total: number;
}

const T = {
  ja: {
    invoice: '領収書（適格請求書）',
    credit: '返還インボイス（適格返還請求書）',
    reissue: '再発行',
    number: '番号',
    date: '取引日',
    issuer: '発行事業者',
    registration: '登録番号',
    recipient: (n: string) => `${n} 様`,
    noRecipient: '（宛名なし）',
    refInvoice: '対象の適格請求書',
    refOrder: '申込番号',
    item: '品目',
    qty: '数量',
    amount: '金額（税込）',
    rateTotal: (r: number) => `${r}%対象 合計`,
    tax: (r: number) => `うち消費税（${r}%）`,
    reduced: '※は軽減税率（8%）対象',
    total: '合計（税込）',
    refunded: '返還額（税込）',
    received: '上記の金額を正に領収いたしました。',
  },
  en: {
    invoice: 'Receipt (qualified invoice)',
    credit: 'Credit note (qualified return invoice)',
    reissue: 'REISSUE',
    number: 'No.',
    date: 'Transaction date',
    issuer: 'Issuer',
    registration: 'Registration number',
    recipient: (n: string) => `To: ${n}`,
    noRecipient: '(no addressee)',
    refInvoice: 'Corrects invoice',
    refOrder: 'Application number',
    item: 'Item',
    qty: 'Qty',
    amount: 'Amount (tax incl.)',
    rateTotal: (r: number) => `Subject to ${r}%`,
    tax: (r: number) => `Consumption tax (${r}%)`,
    reduced: '※ reduced rate (8%)',
    total: 'Total (tax incl.)',
    refunded: 'Refunded (tax incl.)',
    received: 'We have received the above amount.',
  },
} as const;

const yen = (n: number, locale: Locale) =>
  locale === 'ja' ? `¥${n.toLocaleString('ja-JP')}` : `JPY ${n.toLocaleString('en-US')}`;
const tokyoDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(d);

/** Every character the document can draw (its strings and the labels of its language). */
function charactersOf(doc: PdfDocumentInput): string {
  const t = T[doc.locale];
  const labels = Object.values(t).map((v) => (typeof v === 'function' ? `${v('')}${v('10')}${v('8')}` : v));
  return [...new Set([...JSON.stringify(doc), ...labels.join(''), ...'0123456789,¥JPY -:※'])].join('');
}

export async function renderPdf(doc: PdfDocumentInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const subset = await subsetFont(await font(), charactersOf(doc), { targetFormat: 'truetype' });
  const f = await pdf.embedFont(subset, { subset: true, features: { liga: false } });
  const t = T[doc.locale];
  pdf.setTitle(`${doc.kind === 'invoice' ? t.invoice : t.credit} ${doc.number}`);
  pdf.setCreator('ZooPass');
  const page = pdf.addPage([595.28, 841.89]);
  const ink = rgb(0.1, 0.1, 0.1);
  let y = 790;
  const text = (s: string, x: number, size = 10, at = y) => page.drawText(s, { x, y: at, size, font: f, color: ink });
  const right = (s: string, xRight: number, size = 10) => text(s, xRight - f.widthOfTextAtSize(s, size), size);

  text(doc.kind === 'invoice' ? t.invoice : t.credit, 50, 18);
  if (doc.reissue) stamp(page, f, t.reissue);
  y -= 34;
  text(doc.recipient ? t.recipient(doc.recipient) : t.noRecipient, 50, 13);
  y -= 24;
  for (const [label, value] of [
    [t.number, doc.number],
    [t.date, tokyoDay(doc.issuedAt)],
    [doc.kind === 'invoice' ? t.refOrder : t.refInvoice, doc.reference],
    [t.issuer, doc.issuer.name],
    [t.registration, doc.issuer.registrationNumber ?? '-'],
  ] as const) {
    text(label, 50);
    text(value, 190);
    y -= 16;
  }
  if (doc.issuer.address) {
    text(doc.issuer.address, 190);
    y -= 16;
  }
  y -= 14;
  if (doc.lines.length) {
    text(t.item, 50);
    right(t.qty, 400);
    right(t.amount, 545);
    y -= 6;
    page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: ink });
    y -= 16;
    for (const l of doc.lines) {
      text(`${l.name}${l.rate === 8 ? ' ※' : ''}`.slice(0, 40), 50);
      right(String(l.quantity), 400);
      right(yen(l.amount, doc.locale), 545);
      y -= 16;
    }
    page.drawLine({ start: { x: 50, y: y + 10 }, end: { x: 545, y: y + 10 }, thickness: 0.5, color: ink });
    y -= 6;
  }
  for (const r of doc.byRate) {
    text(t.rateTotal(r.rate), 230);
    right(yen(r.amount, doc.locale), 545);
    y -= 16;
    text(t.tax(r.rate), 230);
    right(yen(r.tax, doc.locale), 545);
    y -= 16;
  }
  y -= 8;
  text(doc.kind === 'invoice' ? t.total : t.refunded, 230, 13);
  right(yen(doc.total, doc.locale), 545, 13);
  y -= 26;
  if (doc.byRate.some((r) => r.rate === 8)) {
    text(t.reduced, 50, 9);
    y -= 14;
  }
  if (doc.kind === 'invoice') text(t.received, 50, 9);
  return Buffer.from(await pdf.save());
}

function stamp(page: PDFPage, f: PDFFont, label: string) {
  const size = 14;
  const w = f.widthOfTextAtSize(label, size) + 16;
  page.drawRectangle({ x: 545 - w, y: 782, width: w, height: 24, borderColor: rgb(0.75, 0, 0), borderWidth: 1.5 });
  page.drawText(label, { x: 553 - w, y: 788, size, font: f, color: rgb(0.75, 0, 0) });
}
