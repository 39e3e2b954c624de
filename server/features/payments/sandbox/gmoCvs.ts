// Local stand-in for GMO Payment Gateway's convenience-store (CVS) payment, beside the card one (gmo.ts), on the
// same protocol API route (/sandbox/gmo/payment/{Api}.idPass):
//   EntryTranCvs, ExecTranCvs (issues the slip: ConfNo, ReceiptNo, PaymentTerm, ReceiptUrl), SearchTradeMulti
//   (PayType 3), CvsCancel
//   GET  /sandbox/gmo/cvs/{accessId}        the payment slip (払込票): store, numbers, amount, deadline, a barcode
//   POST /sandbox/gmo/cvs/{accessId}/pay    "Pay at the store": PAYSUCCESS (or EXPIRED past the deadline), and the
//                                           result notification (PayType 3) through the outbox
// Deadlines use the server's clock (the test clock on test servers) so a moved clock expires slips too.
import { randomBytes, randomInt } from 'node:crypto';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import type { Knex } from 'knex';
import { KonbiniStore } from '../../../../common/enums';
import { endOfTokyoDay } from '../../../../common/rules/konbini';
import { addDays, tokyoDate } from '../../../../common/time';
import type { Config, GmoConfig } from '../../../config';
import { pathParam } from '../../../lib/request';
import { GMO_ERR, gmoCheckString, gmoEncode } from '../providers/gmoCard';
import { CVS_PAY_TYPE, toGmoStamp } from '../providers/gmoKonbini';
import { donePage, escapeHtml, page, yen } from './html';
import { enqueueNotification } from './notifications';

type Fields = Record<string, string>;
type Answer = Record<string, string | undefined>;

export const STORE_NAMES: Record<string, string> = {
  [KonbiniStore.SevenEleven]: 'セブン-イレブン (Seven-Eleven)',
  [KonbiniStore.Lawson]: 'ローソン (Lawson)',
  [KonbiniStore.FamilyMart]: 'ファミリーマート (FamilyMart)',
  [KonbiniStore.Ministop]: 'ミニストップ (Ministop)',
};

const err = (e: { code: string; info: string }): Answer => ({ ErrCode: e.code, ErrInfo: e.info });
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

interface Trade {
  accessId: string;
  accessPass: string;
  orderId: string;
  amount: number;
  status: string;
  convenience: string | null;
  confNo: string | null;
  receiptNo: string | null;
  paymentTerm: Date | null;
  notifyUrl: string | null;
  paidAt: Date | null;
  updatedAt: Date;
}

// Interleaved 2 of 5 (ITF): each digit pair is five bars and five spaces, narrow or wide.
const ITF: Record<string, string> = {
  '0': 'nnwwn',
  '1': 'wnnnw',
  '2': 'nwnnw',
  '3': 'wwnnn',
  '4': 'nnwnw',
  '5': 'wnwnn',
  '6': 'nwwnn',
  '7': 'nnnww',
  '8': 'wnnwn',
  '9': 'nwnwn',
};

/** The digits as an ITF barcode drawn in SVG (what the store's scanner reads off the slip). */
export function itfBarcodeSvg(value: string): string {
  const text = value.replace(/\D/g, '');
  const even = text.length % 2 ? `0${text}` : text;
  const widths: number[] = [1, 1, 1, 1]; // start: bar space bar space (narrow)
  for (let i = 0; i < even.length; i += 2) {
    const bars = ITF[even[i] as string] as string;
    const spaces = ITF[even[i + 1] as string] as string;
    for (let j = 0; j < 5; j++) widths.push(bars[j] === 'w' ? 3 : 1, spaces[j] === 'w' ? 3 : 1);
  }
  widths.push(3, 1, 1); // stop: wide bar, space, bar
  let x = 10;
  const rects: string[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x}" y="0" width="${w}" height="60"/>`);
    x += w;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="barcode ${escapeHtml(even)}" width="${x + 10}" height="60" viewBox="0 0 ${x + 10} 60" data-testid="slip-barcode">${rects.join('')}</svg>`;
}

const fromRow = (row: Record<string, unknown>): Trade => row as unknown as Trade;

export function gmoCvsApis(config: Config): Record<string, (db: Knex, f: Fields, request: Request) => Promise<Answer>> {
  const gmo = config.payments.gmo as GmoConfig;
  const shopOk = (f: Fields) => f.ShopID === gmo.shopId && f.ShopPass === gmo.shopPass;
  const byAccess = async (db: Knex, f: Fields) => {
    const row = await db('sandbox_gmo_cvs_trades')
      .where({ access_id: f.AccessID ?? '' })
      .first();
    return row && row.accessPass === f.AccessPass ? fromRow(row) : null;
  };

  return {
    async EntryTranCvs(db, f) {
      if (!shopOk(f)) return err(GMO_ERR.auth);
      if (!f.OrderID || !/^[A-Za-z0-9-]{1,27}$/.test(f.OrderID)) return err(GMO_ERR.param);
      const amount = Number(f.Amount);
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > 299_999) return err(GMO_ERR.amount);
      const accessId = randomBytes(16).toString('hex');
      const accessPass = randomBytes(16).toString('hex');
      const inserted = await db('sandbox_gmo_cvs_trades')
        .insert({ access_id: accessId, access_pass: accessPass, order_id: f.OrderID, amount, status: 'UNPROCESSED' })
        .onConflict('order_id')
        .ignore()
        .returning('access_id');
      if (inserted.length === 0) return err(GMO_ERR.orderIdUsed);
      return { AccessID: accessId, AccessPass: accessPass };
    },

    async ExecTranCvs(db, f, request) {
      const trade = await byAccess(db, f);
      if (!trade) return err(GMO_ERR.tradeNotFound);
      if (trade.orderId !== f.OrderID || trade.status !== 'UNPROCESSED') return err(GMO_ERR.badState);
      const store = f.Convenience ?? '';
      const days = Number(f.PaymentTermDay ?? 0);
      if (!STORE_NAMES[store] || !f.CustomerName || !f.CustomerKana || !/^\d{1,13}$/.test(f.TelNo ?? ''))
        return err(GMO_ERR.param);
      if (!Number.isInteger(days) || days < 0 || days > 60) return err(GMO_ERR.param);
      const now = request.server.app.clock.now();
      const term = endOfTokyoDay(addDays(tokyoDate(now), days));
      const confNo = store === KonbiniStore.FamilyMart ? '20001' : digits(6);
      const receiptNo = store === KonbiniStore.SevenEleven ? digits(13) : digits(12);
      await db('sandbox_gmo_cvs_trades')
        .where({ access_id: trade.accessId })
        .update({
          status: 'REQSUCCESS',
          convenience: store,
          conf_no: confNo,
          receipt_no: receiptNo,
          payment_term: term,
          customer_name: f.CustomerName.slice(0, 64),
          notify_url: f.NotifyUrl ?? null,
          updated_at: new Date(),
        });
      return {
        OrderID: trade.orderId,
        Convenience: store,
        ConfNo: confNo,
        ReceiptNo: receiptNo,
        PaymentTerm: toGmoStamp(term),
        TranDate: toGmoStamp(now),
        ReceiptUrl: `${config.publicUrl}/sandbox/gmo/cvs/${trade.accessId}`,
        CheckString: '',
        ClientField1: f.ClientField1,
      };
    },

    async SearchTradeMulti(db, f) {
      if (!shopOk(f)) return err(GMO_ERR.auth);
      if (f.PayType !== CVS_PAY_TYPE) return err(GMO_ERR.param);
      const row = await db('sandbox_gmo_cvs_trades')
        .where({ order_id: f.OrderID ?? '' })
        .first();
      if (!row) return err(GMO_ERR.tradeNotFound);
      return tradeFields(fromRow(row));
    },

    async CvsCancel(db, f) {
      if (!shopOk(f)) return err(GMO_ERR.auth);
      const trade = await byAccess(db, f);
      if (!trade) return err(GMO_ERR.tradeNotFound);
      if (trade.status !== 'REQSUCCESS') return err(GMO_ERR.badState);
      await db('sandbox_gmo_cvs_trades')
        .where({ access_id: trade.accessId, status: 'REQSUCCESS' })
        .update({ status: 'CANCEL', updated_at: new Date() });
      return { OrderID: trade.orderId, Status: 'CANCEL' };
    },
  };
}

function tradeFields(t: Trade): Answer {
  return {
    OrderID: t.orderId,
    Status: t.status,
    ProcessDate: toGmoStamp(new Date(t.updatedAt)),
    JobCd: '',
    AccessID: t.accessId,
    AccessPass: t.accessPass,
    Amount: String(t.amount),
    Tax: '0',
    PayType: CVS_PAY_TYPE,
    CvsCode: t.convenience ?? '',
    CvsConfNo: t.confNo ?? '',
    CvsReceiptNo: t.receiptNo ?? '',
    PaymentTerm: t.paymentTerm ? toGmoStamp(new Date(t.paymentTerm)) : '',
    FinishDate: t.paidAt ? toGmoStamp(new Date(t.paidAt)) : '',
  };
}

export function gmoCvsSlipRoutes(config: Config): ServerRoute[] {
  const gmo = config.payments.gmo as GmoConfig;
  const knexOf = (request: Request) => request.server.app.knex;

  /** The result notification (PayType 3) for the trade as it now stands. */
  const notify = async (db: Knex | Knex.Transaction, t: Trade) => {
    if (!t.notifyUrl) return;
    const fields: Fields = {
      ShopID: gmo.shopId,
      ShopPass: '**********',
      AccessID: t.accessId,
      AccessPass: '**********',
      OrderID: t.orderId,
      Status: t.status,
      JobCd: '',
      Amount: String(t.amount),
      Tax: '0',
      Currency: 'JPN',
      TranDate: toGmoStamp(new Date()),
      ErrCode: '',
      ErrInfo: '',
      PayType: CVS_PAY_TYPE,
      CvsCode: t.convenience ?? '',
      CvsConfNo: t.confNo ?? '',
      CvsReceiptNo: t.receiptNo ?? '',
      PaymentTerm: t.paymentTerm ? toGmoStamp(new Date(t.paymentTerm)) : '',
      FinishDate: t.paidAt ? toGmoStamp(new Date(t.paidAt)) : '',
      ReceiptDate: t.paidAt ? toGmoStamp(new Date(t.paidAt)) : '',
    };
    fields.CheckString = gmoCheckString(fields, gmo.shopPass);
    await enqueueNotification(db, {
      provider: 'gmo',
      url: t.notifyUrl,
      contentType: 'application/x-www-form-urlencoded',
      body: gmoEncode(fields),
    });
  };

  const notFoundPage = (h: ResponseToolkit) =>
    h
      .response(donePage('Not found', 'No payment slip here.', null))
      .type('text/html')
      .code(404);

  return [
    {
      method: 'GET',
      path: '/sandbox/gmo/cvs/{accessId}',
      options: { auth: false, description: 'Sandbox konbini payment slip (払込票) with "pay at the store"' },
      async handler(request, h) {
        const row = await knexOf(request)('sandbox_gmo_cvs_trades')
          .where({ access_id: pathParam(request, 'accessId') })
          .first();
        if (!row || row.status === 'UNPROCESSED') return notFoundPage(h);
        const t = fromRow(row);
        const term = t.paymentTerm ? new Date(t.paymentTerm) : null;
        const termText = term
          ? new Intl.DateTimeFormat('ja-JP', {
              timeZone: 'Asia/Tokyo',
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(term)
          : '';
        const rows: [string, string][] = [
          ['Store（コンビニ）', STORE_NAMES[t.convenience ?? ''] ?? ''],
          ['Amount（金額）', yen(t.amount)],
          ['Receipt no.（受付番号）', t.receiptNo ?? ''],
          ['Confirmation no.（確認番号）', t.confNo ?? ''],
          ['Pay by（支払期限）', termText],
          ['Status（状態）', t.status],
        ];
        const dl = rows
          .map(
            ([k, v]) =>
              `<dt>${escapeHtml(k)}</dt><dd data-testid="slip-${escapeHtml(k.split('（')[0]?.toLowerCase().replace(/\W+/g, '-') ?? '')}">${escapeHtml(v)}</dd>`,
          )
          .join('');
        const action = `/sandbox/gmo/cvs/${encodeURIComponent(t.accessId)}/pay`;
        const form =
          t.status === 'REQSUCCESS'
            ? `<form method="post" action="${escapeHtml(action)}"><button class="primary" type="submit" name="decision" value="pay">Pay at the store（店頭で支払う）</button></form>`
            : '';
        const html = page(
          'Payment slip（払込票）',
          `<h1>Payment slip（払込票）</h1><dl>${dl}</dl><p>${itfBarcodeSvg(t.receiptNo ?? '')}</p>${form}`,
        );
        return h.response(html).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      },
    },
    {
      method: 'POST',
      path: '/sandbox/gmo/cvs/{accessId}/pay',
      options: { auth: false, description: 'Sandbox: the buyer pays the slip at the store' },
      async handler(request, h) {
        const accessId = pathParam(request, 'accessId');
        const now = request.server.app.clock.now();
        const t = await knexOf(request).transaction(async (trx) => {
          const row = await trx('sandbox_gmo_cvs_trades').where({ access_id: accessId }).forUpdate().first();
          if (!row) return null;
          const trade = fromRow(row);
          if (trade.status !== 'REQSUCCESS') return trade;
          const expired = trade.paymentTerm !== null && new Date(trade.paymentTerm).getTime() < now.getTime();
          const [updated] = await trx('sandbox_gmo_cvs_trades')
            .where({ access_id: accessId })
            .update({
              status: expired ? 'EXPIRED' : 'PAYSUCCESS',
              paid_at: expired ? null : now,
              updated_at: new Date(),
            })
            .returning('*');
          const next = fromRow(updated);
          await notify(trx, next);
          return next;
        });
        if (!t) return notFoundPage(h);
        const text =
          t.status === 'PAYSUCCESS'
            ? 'Paid at the store. お支払いが完了しました。'
            : t.status === 'EXPIRED'
              ? 'The payment deadline has passed. 支払期限を過ぎています。'
              : `This slip cannot be paid (${t.status}).`;
        return h
          .response(donePage('Payment slip（払込票）', text, null))
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store');
      },
    },
  ];
}
