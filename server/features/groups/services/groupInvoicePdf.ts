// The invoice (請求書) of an approved group paid by bank transfer, for its requester or the park's staff: the
// group, the visit, the amount, the exemptions applied, the due date and the park's bank account, in the reader's
// language. Only while there is something to pay or paid (approved, paid).
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { DomainError } from '../../../lib/errors';
import { renderBillingPdf } from '../../invoices';
import { businessDate, dateTime, yen } from '../../orders';
import { readGroupSettings } from '../settings';
import { getGroupRequest, type Viewer } from './getGroupRequest';

export async function groupInvoicePdf(knex: Knex, id: number, by: Viewer, locale: Locale): Promise<Buffer> {
  const r = await getGroupRequest(knex, id, by, locale);
  if (r.state !== 'approved' && r.state !== 'paid') throw new DomainError('groupRequestState');
  const settings = await readGroupSettings(knex, r.parkId);
  const park = (await knex('parks').where({ id: r.parkId }).first('name_ja', 'name_en', 'invoice_issuer_ja')) as {
    nameJa: string;
    nameEn: string | null;
    invoiceIssuerJa: string | null;
  };
  const en = locale === 'en';
  const issuer = park.invoiceIssuerJa || (en ? (park.nameEn ?? park.nameJa) : park.nameJa);
  return renderBillingPdf({
    title: en ? `Invoice G-${r.id}` : `請求書 G-${r.id}`,
    recipient: en ? `To: ${r.organisation}` : `${r.organisation} 御中`,
    rows: [
      [en ? 'Invoice number' : '請求番号', `G-${r.id}`],
      [en ? 'Issuer' : '発行者', issuer],
      [en ? 'Ticket' : 'チケット', r.itemName],
      [en ? 'Date of visit' : 'ご利用日', businessDate(r.date, locale)],
      [en ? 'People' : '人数', String(r.partySize)],
      [en ? 'Exemptions' : '減免', r.exemptions.length ? r.exemptions.join(', ') : '-'],
      [en ? 'Amount due (tax incl.)' : 'ご請求額（税込）', yen(r.price ?? 0, locale)],
      [en ? 'Pay by' : 'お支払い期限', r.dueAt ? dateTime(r.dueAt, locale) : '-'],
      ...(r.state === 'paid' ? [[en ? 'Status' : '状態', en ? 'Paid' : '入金済み'] as [string, string]] : []),
    ],
    notes: [
      en ? 'Please transfer the amount to:' : '下記口座へお振り込みください。',
      settings.bankAccount || '-',
      en
        ? 'Unpaid at the due date, the places held are released.'
        : 'お支払い期限までにご入金がない場合、確保した枠は解放されます。',
    ],
  });
}
