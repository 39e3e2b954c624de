// The buyer's receipt (the order's qualified invoice) and credit notes as PDF. Only the order's owner gets them
// (others: 404, as if there were none). The addressee may be set until the first download; every later download
// is marked 再発行 / REISSUE so two originals never exist.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { RateAmount, TaxRate } from '../../../../common/rules/invoice';
import { DomainError, notFound } from '../../../lib/errors';
import { formatNumber } from '../numbering';
import { renderPdf } from '../pdf';
import type { InvoiceLine } from './issueInvoice';

async function ownInvoice(trx: Knex.Transaction, userId: number, orderId: number) {
  const row = await trx('invoices as v')
    .join('orders as o', 'o.id', 'v.order_id')
    .where({ 'v.order_id': orderId, 'o.user_id': userId })
    .forUpdate('v')
    .first('v.*', 'o.application_number');
  if (!row) throw notFound();
  return row;
}

async function issuer(trx: Knex.Transaction, parkId: number, locale: Locale) {
  const p = await trx('parks').where({ id: parkId }).first();
  return {
    name:
      (locale === 'en' ? (p.invoiceIssuerEn ?? p.invoiceIssuerJa) : p.invoiceIssuerJa) ??
      (locale === 'en' ? (p.nameEn ?? p.nameJa) : p.nameJa),
    address: p.invoiceAddress ?? null,
    registrationNumber: p.invoiceRegistrationNumber ?? null,
  };
}

export async function setReceiptName(knex: Knex, input: { userId: number; orderId: number; name: string }) {
  return knex.transaction(async (trx) => {
    const inv = await ownInvoice(trx, input.userId, input.orderId);
    if (inv.firstDownloadedAt) throw new DomainError('receiptNameFixed');
    await trx('invoices').where({ id: inv.id }).update({ recipient_name: input.name });
    return { recipientName: input.name, fixed: false };
  });
}

export async function receiptPdf(knex: Knex, input: { userId: number; orderId: number; locale: Locale; now: Date }) {
  const { doc, number } = await knex.transaction(async (trx) => {
    const inv = await ownInvoice(trx, input.userId, input.orderId);
    await trx('invoices')
      .where({ id: inv.id })
      .update({ downloads: inv.downloads + 1, first_downloaded_at: inv.firstDownloadedAt ?? input.now });
    const en = input.locale === 'en';
    const number = formatNumber('invoice', inv.parkId, inv.number);
    return {
      number,
      doc: {
        kind: 'invoice' as const,
        locale: input.locale,
        number,
        issuedAt: new Date(inv.issuedAt),
        issuer: await issuer(trx, inv.parkId, input.locale),
        recipient: inv.recipientName,
        reissue: inv.downloads > 0,
        reference: inv.applicationNumber,
        lines: (inv.lines as InvoiceLine[]).map((l) => ({
          name: en ? l.nameEn : l.nameJa,
          quantity: l.quantity,
          amount: l.amount,
          rate: l.rate as TaxRate,
        })),
        byRate: inv.byRate as RateAmount[],
        total: inv.total,
      },
    };
  });
  return { pdf: await renderPdf(doc), filename: `${number}.pdf` };
}

export async function creditNotePdf(
  knex: Knex,
  input: { userId: number; orderId: number; creditNoteId: number; locale: Locale; now: Date },
) {
  const { doc, number } = await knex.transaction(async (trx) => {
    const inv = await ownInvoice(trx, input.userId, input.orderId);
    const cn = await trx('credit_notes').where({ id: input.creditNoteId, invoice_id: inv.id }).forUpdate().first();
    if (!cn) throw notFound();
    await trx('credit_notes')
      .where({ id: cn.id })
      .update({ downloads: cn.downloads + 1 });
    const number = formatNumber('credit', cn.parkId, cn.number);
    return {
      number,
      doc: {
        kind: 'credit' as const,
        locale: input.locale,
        number,
        issuedAt: new Date(cn.issuedAt),
        issuer: await issuer(trx, cn.parkId, input.locale),
        recipient: inv.recipientName,
        reissue: cn.downloads > 0,
        reference: formatNumber('invoice', inv.parkId, inv.number),
        lines: [],
        byRate: cn.byRate as RateAmount[],
        total: cn.total,
      },
    };
  });
  return { pdf: await renderPdf(doc), filename: `${number}.pdf` };
}

/** What the order page shows: the receipt's number and addressee, whether it is fixed, and the credit notes. */
export async function receiptSummary(knex: Knex, input: { userId: number; orderId: number }) {
  return knex.transaction(async (trx) => {
    const inv = await ownInvoice(trx, input.userId, input.orderId);
    const notes = await trx('credit_notes').where({ invoice_id: inv.id }).orderBy('number');
    return {
      number: formatNumber('invoice', inv.parkId, inv.number),
      recipientName: inv.recipientName as string | null,
      fixed: Boolean(inv.firstDownloadedAt),
      total: inv.total as number,
      creditNotes: notes.map((n: { id: string; parkId: number; number: number; total: number }) => ({
        id: Number(n.id),
        number: formatNumber('credit', n.parkId, n.number),
        total: n.total,
      })),
    };
  });
}
