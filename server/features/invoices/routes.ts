// Receipts for the buyer (their own orders only) and the invoice register for the office (finance or owner of
// the park; issuer settings: owner). Handlers parse, call a service, present.
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { LOCALES, type Locale } from '../../../common/enums';
import { answers, id, ok, PRIVATE } from '../../lib/routeKit';
import { fields, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { invoiceRegisterCsv } from './services/invoiceRegister';
import { getInvoiceSettings, setInvoiceSettings } from './services/invoiceSettings';
import { creditNotePdf, receiptPdf, receiptSummary, setReceiptName } from './services/receiptDocuments';

const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;
const now = (request: Pick<Request, 'server'>) => request.server.app.clock.now();
const orderParams = fields({ orderId: id() });
const parkParams = fields({ parkId: id() });
const langQuery = fields({ lang: optional(oneOf(LOCALES)) });
const FINANCE = { access: { staff: 'finance' as const } };
const OWNER = { access: { staff: 'owner' as const } };
const name = () => Joi.string().trim().min(1).max(60);

const pdf = (h: ResponseToolkit, file: { pdf: Buffer; filename: string }) =>
  h
    .response(file.pdf)
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', PRIVATE);

const SETTINGS = {
  type: 'object',
  properties: {
    issuerJa: { type: 'string' },
    issuerEn: { type: ['string', 'null'] },
    address: { type: 'string' },
    registrationNumber: { type: 'string' },
  },
} as const;

const registerRoute = (path: string, kind: 'all' | 'invoice' | 'credit', what: string): ServerRoute =>
  route({
    method: 'GET',
    path,
    options: {
      auth: REQUIRED,
      app: FINANCE,
      plugins: answers({ 200: { description: `${what} as CSV (UTF-8 with a byte order mark, CRLF)`, kind: 'csv' } }),
      tags: ['api', 'staff', 'finance'],
      description: `${what}: every number issued by the park, in order, amounts and tax per rate`,
      validate: { params: parkParams, query: langQuery },
    },
    async handler(request, h) {
      const locale: Locale = request.query.lang ?? request.app.locale;
      const csv = await invoiceRegisterCsv(knexOf(request), request.params.parkId, kind, locale);
      return h
        .response(csv)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="zoopass-${request.params.parkId}-${kind}.csv"`)
        .header('cache-control', PRIVATE);
    },
  });

export const invoiceRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/me/orders/{orderId}/receipt',
    options: {
      auth: REQUIRED,
      plugins: answers({
        200: {
          description: 'The receipt’s number, addressee (fixed after the first download) and credit notes',
          data: { type: 'object' },
        },
      }),
      tags: ['api', 'orders'],
      description: 'The order’s receipt (qualified invoice) as the order page shows it; 404 for another’s order',
      validate: { params: orderParams },
    },
    async handler(request, h) {
      const summary = await receiptSummary(knexOf(request), {
        userId: currentUserId(request),
        orderId: request.params.orderId,
      });
      return ok(h, summary);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/orders/{orderId}/receipt.pdf',
    options: {
      auth: REQUIRED,
      plugins: answers({
        200: { description: 'The receipt as PDF (再発行 / REISSUE after the first download)', kind: 'binary' },
      }),
      tags: ['api', 'orders'],
      description: 'Downloads the order’s qualified invoice; the first download fixes the addressee',
      validate: { params: orderParams, query: langQuery },
    },
    async handler(request, h) {
      const file = await receiptPdf(knexOf(request), {
        userId: currentUserId(request),
        orderId: request.params.orderId,
        locale: request.query.lang ?? request.app.locale,
        now: now(request),
      });
      return pdf(h, file);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/orders/{orderId}/receipt-name',
    options: {
      auth: REQUIRED,
      plugins: answers({
        200: { description: 'The addressee set', data: { type: 'object' } },
        409: 'receiptNameFixed: the receipt was downloaded already',
      }),
      tags: ['api', 'orders'],
      description: 'Sets the receipt’s addressee (宛名) before its first download (409 receiptNameFixed after)',
      validate: { params: orderParams, payload: fields({ recipient_name: name() }) },
    },
    async handler(request, h) {
      const result = await setReceiptName(knexOf(request), {
        userId: currentUserId(request),
        orderId: request.params.orderId,
        name: request.payload.recipient_name,
      });
      return ok(h, result);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/orders/{orderId}/credit-notes/{creditNoteId}.pdf',
    options: {
      auth: REQUIRED,
      plugins: answers({ 200: { description: 'The credit note as PDF', kind: 'binary' } }),
      tags: ['api', 'orders'],
      description: 'Downloads a credit note (返還インボイス) of the order’s refunds',
      validate: { params: fields({ orderId: id(), creditNoteId: id() }), query: langQuery },
    },
    async handler(request, h) {
      const file = await creditNotePdf(knexOf(request), {
        userId: currentUserId(request),
        orderId: request.params.orderId,
        creditNoteId: request.params.creditNoteId,
        locale: request.query.lang ?? request.app.locale,
        now: now(request),
      });
      return pdf(h, file);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/invoice-settings',
    options: {
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({ 200: { description: 'The issuer details printed on invoices', data: SETTINGS } }),
      tags: ['api', 'staff'],
      description: 'The park’s invoice issuer details',
      validate: { params: parkParams },
    },
    async handler(request, h) {
      return ok(h, await getInvoiceSettings(knexOf(request), request.params.parkId));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/invoice-settings',
    options: {
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({ 200: { description: 'The issuer details saved', data: SETTINGS } }),
      tags: ['api', 'staff'],
      description:
        'Sets the legal name (ja, en), address and registration number (T + corporate number, check digit checked)',
      validate: {
        params: parkParams,
        payload: fields({
          issuer_ja: Joi.string().trim().min(1).max(120),
          issuer_en: optional(orNull(Joi.string().trim().max(120))),
          address: Joi.string().trim().min(1).max(200),
          registration_number: Joi.string().trim().max(20),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const saved = await setInvoiceSettings(knexOf(request), request.params.parkId, {
        issuerJa: p.issuer_ja,
        issuerEn: p.issuer_en ?? null,
        address: p.address,
        registrationNumber: p.registration_number,
      });
      return ok(h, saved);
    },
  }),
  registerRoute('/api/v1/staff/parks/{parkId}/invoices/register.csv', 'all', 'The invoice register'),
  registerRoute('/api/v1/staff/parks/{parkId}/invoices.csv', 'invoice', 'The invoices issued'),
  registerRoute('/api/v1/staff/parks/{parkId}/credit-notes.csv', 'credit', 'The credit notes issued'),
];
