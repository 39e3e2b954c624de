// Local stand-in for GMO Payment Gateway (development and tests; never in production, never with real
// credentials). It speaks the same HTTP flow as the adapter expects from GMO:
//   POST /sandbox/gmo/token                      browser tokeniser (card data in, one-time token out)
//   POST /sandbox/gmo/payment/{Api}.idPass       EntryTran, ExecTran, SecureTran2, AlterTran, ChangeTran,
//                                                SearchTrade, SaveMember, SaveCard, SearchCard, DeleteCard
//   GET|POST /sandbox/gmo/challenge/{accessId}   the 3-D Secure challenge page ("Approve" / "Fail authentication")
// and POSTs result notifications (form-encoded, CheckString = HMAC of the fields with the shop password)
// to the notify URL through the outbox. Test cards: see SANDBOX.md. Card numbers are never stored: a token
// keeps the masked number, brand, expiry, holder and the test behaviour of the number.
import { randomBytes } from 'node:crypto';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import type { Knex } from 'knex';
import { message } from '../../../../common/messages';
import {
  type CardErrors,
  cardBrand,
  expiryToYymm,
  maskCardNumber,
  validateCard,
  yymmToExpiry,
} from '../../../../common/rules/card';
import type { Config, GmoConfig } from '../../../config';
import { bodyFields, formBody } from '../../../lib/formBody';
import { pathParam } from '../../../lib/request';
import { GMO_ERR, gmoCheckString, gmoDecode, gmoEncode } from '../providers/gmoCard';
import { gmoCvsApis, gmoCvsSlipRoutes } from './gmoCvs';
import { decisionPage, donePage, yen } from './html';
import { enqueueNotification } from './notifications';

/**
 * checkOnly: passes a zero-amount check, and every charge or authorisation is declined. lostAnswer: the charge is
 * done and its answer never arrives (a gateway timeout after the provider acted), as a slow network does.
 */
export type CardBehaviour = 'ok' | '3ds' | 'declined' | 'insufficient' | 'checkOnly' | 'lostAnswer';

/** Test card numbers and what they do; any other valid number succeeds without 3-D Secure. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4111111111111111': 'ok',
  '4000000000003220': '3ds',
  '5200000000001096': '3ds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000000000000341': 'checkOnly',
  '4000000000000119': 'lostAnswer',
};

const TOKEN_TTL_MS = 30 * 60_000;
const MERCHANT_NAME = 'ZooPass (sandbox shop)';

type Fields = Record<string, string>;
type Err = { code: string; info: string };

/** The provider acted and its answer is lost on the way back: the API answers 504. */
class LostAnswer extends Error {}

class GmoFail extends Error {
  constructor(readonly err: Err) {
    super(err.info);
  }
}
function fail(err: Err): never {
  throw new GmoFail(err);
}

const tokyoStamp = (d = new Date()) =>
  new Date(d.getTime() + 9 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);

export function gmoSandboxRoutes(config: Config): ServerRoute[] {
  const gmo = config.payments.gmo as GmoConfig;
  const base = `${config.publicUrl}/sandbox/gmo`;
  const knexOf = (request: Request) => request.server.app.knex;

  const requireShop = (f: Fields) => {
    if (f.ShopID !== gmo.shopId || f.ShopPass !== gmo.shopPass) fail(GMO_ERR.auth);
  };
  const requireSite = (f: Fields) => {
    if (f.SiteID !== gmo.siteId || f.SitePass !== gmo.sitePass) fail(GMO_ERR.auth);
  };
  const tradeByAccess = async (db: Knex, f: Fields) => {
    const trade = await db('sandbox_gmo_trades')
      .where({ access_id: f.AccessID ?? '' })
      .first();
    if (!trade || trade.accessPass !== f.AccessPass) fail(GMO_ERR.tradeNotFound);
    return trade;
  };

  /** A result notification (結果通知) for the trade as it now stands. */
  const notify = async (db: Knex | Knex.Transaction, trade: Record<string, unknown>) => {
    if (!trade.notifyUrl) return;
    const fields: Fields = {
      ShopID: gmo.shopId,
      ShopPass: '**********',
      AccessID: String(trade.accessId),
      AccessPass: '**********',
      OrderID: String(trade.orderId),
      Status: String(trade.status),
      JobCd: String(trade.jobCd),
      Amount: String(trade.amount),
      Tax: '0',
      Currency: 'JPN',
      Forward: '2a99662',
      Method: '1',
      PayTimes: '',
      TranID: String(trade.tranId ?? ''),
      Approve: String(trade.approve ?? ''),
      TranDate: tokyoStamp(),
      ErrCode: String(trade.errCode ?? ''),
      ErrInfo: String(trade.errInfo ?? ''),
      PayType: '0',
    };
    fields.CheckString = gmoCheckString(fields, gmo.shopPass);
    await enqueueNotification(db, {
      provider: 'gmo',
      url: String(trade.notifyUrl),
      contentType: 'application/x-www-form-urlencoded',
      body: gmoEncode(fields),
    });
  };

  /** Authorisation succeeded: the trade takes its job's status. */
  const authorise = async (db: Knex | Knex.Transaction, accessId: string, extra: Record<string, unknown> = {}) => {
    const [trade] = await db('sandbox_gmo_trades')
      .where({ access_id: accessId })
      .update({
        status: db.raw('job_cd'),
        tran_id: randomBytes(14).toString('hex'),
        approve: String(Math.floor(1_000_000 + Math.random() * 8_999_999)),
        updated_at: new Date(),
        ...extra,
      })
      .returning('*');
    await notify(db, trade);
    return trade;
  };

  const declined = async (
    db: Knex | Knex.Transaction,
    accessId: string,
    err: Err,
    extra: Record<string, unknown> = {},
  ) => {
    const [trade] = await db('sandbox_gmo_trades')
      .where({ access_id: accessId })
      .update({ err_code: err.code, err_info: err.info, updated_at: new Date(), ...extra })
      .returning('*');
    await notify(db, trade);
  };

  /** The card a payment or SaveCard uses: a one-time token (consumed) or a member card. */
  const takeToken = async (db: Knex, token: string) => {
    const [row] = await db('sandbox_gmo_tokens')
      .where({ token })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .update({ used_at: new Date() })
      .returning('*');
    if (!row) fail(GMO_ERR.tokenInvalid);
    return row as {
      maskedCardNo: string;
      brand: string;
      expire: string;
      holderName: string | null;
      behaviour: CardBehaviour;
    };
  };

  const apis: Record<string, (db: Knex, f: Fields) => Promise<Record<string, string | undefined>>> = {
    async EntryTran(db, f) {
      requireShop(f);
      if (!f.OrderID || !/^[A-Za-z0-9-]{1,27}$/.test(f.OrderID)) fail(GMO_ERR.param);
      if (f.JobCd !== 'CAPTURE' && f.JobCd !== 'AUTH' && f.JobCd !== 'CHECK') fail(GMO_ERR.param);
      // A check (有効性チェック) has no amount; everything else 1 to 9,999,999 yen.
      const amount = f.JobCd === 'CHECK' ? 0 : Number(f.Amount);
      if (f.JobCd === 'CHECK' && f.Amount && f.Amount !== '0') fail(GMO_ERR.amount);
      if (f.JobCd !== 'CHECK' && (!Number.isSafeInteger(amount) || amount < 1 || amount > 9_999_999)) {
        fail(GMO_ERR.amount);
      }
      if (f.TdFlag !== undefined && !['0', '1', '2'].includes(f.TdFlag)) fail(GMO_ERR.param);
      const accessId = randomBytes(16).toString('hex');
      const accessPass = randomBytes(16).toString('hex');
      const inserted = await db('sandbox_gmo_trades')
        .insert({
          access_id: accessId,
          access_pass: accessPass,
          shop_id: gmo.shopId,
          order_id: f.OrderID,
          job_cd: f.JobCd,
          amount,
          status: 'UNPROCESSED',
          td_flag: f.TdFlag ?? '0',
        })
        .onConflict('order_id')
        .ignore()
        .returning('access_id');
      if (inserted.length === 0) fail(GMO_ERR.orderIdUsed);
      return { AccessID: accessId, AccessPass: accessPass };
    },

    async ExecTran(db, f) {
      const trade = await tradeByAccess(db, f);
      if (trade.orderId !== f.OrderID) fail(GMO_ERR.param);
      if (trade.status !== 'UNPROCESSED' || trade.behaviour) fail(GMO_ERR.badState);
      let card: { maskedCardNo: string; behaviour: CardBehaviour; memberId?: string; cardSeq?: number };
      if (f.Token) {
        card = await takeToken(db, f.Token);
      } else {
        requireSite(f);
        const row = await db('sandbox_gmo_cards')
          .where({ site_id: gmo.siteId, member_id: f.MemberID ?? '', card_seq: Number(f.CardSeq), deleted: false })
          .first();
        if (!row) fail(GMO_ERR.cardNotFound);
        card = {
          maskedCardNo: row.maskedCardNo,
          behaviour: row.behaviour,
          memberId: row.memberId,
          cardSeq: row.cardSeq,
        };
      }
      const common = {
        behaviour: card.behaviour,
        masked_card_no: card.maskedCardNo,
        member_id: card.memberId ?? null,
        card_seq: card.cardSeq ?? null,
        ret_url: f.RetUrl ?? null,
        notify_url: f.NotifyUrl ?? null,
      };
      // TdFlag 0: no 3-D Secure (a charge with nobody present); the card's test behaviour otherwise.
      if (card.behaviour === '3ds' && trade.tdFlag !== '0') {
        await db('sandbox_gmo_trades')
          .where({ access_id: trade.accessId })
          .update({ ...common, challenge: 'pending', updated_at: new Date() });
        return { ACS: '2', RedirectUrl: `${base}/challenge/${trade.accessId}` };
      }
      const refused =
        card.behaviour === 'declined' ||
        card.behaviour === 'insufficient' ||
        (card.behaviour === 'checkOnly' && trade.jobCd !== 'CHECK');
      if (refused) {
        const err = card.behaviour === 'insufficient' ? GMO_ERR.insufficient : GMO_ERR.cardDeclined;
        await declined(db, trade.accessId, err, common);
        return fail(err);
      }
      const done = await authorise(db, trade.accessId, common);
      if (card.behaviour === 'lostAnswer') throw new LostAnswer();
      return {
        ACS: '0',
        OrderID: done.orderId,
        Forward: '2a99662',
        Method: '1',
        PayTimes: '',
        Approve: done.approve,
        TranID: done.tranId,
        TranDate: tokyoStamp(),
      };
    },

    async SecureTran2(db, f) {
      const trade = await tradeByAccess(db, f);
      if (trade.errInfo) fail({ code: trade.errCode, info: trade.errInfo });
      if (trade.challenge === 'pending') fail(GMO_ERR.tdsPending);
      if (trade.challenge === 'none') fail(GMO_ERR.notTds);
      return {
        OrderID: trade.orderId,
        Forward: '2a99662',
        Method: '1',
        PayTimes: '',
        Approve: trade.approve ?? '',
        TranID: trade.tranId ?? '',
        TranDate: tokyoStamp(),
      };
    },

    async AlterTran(db, f) {
      requireShop(f);
      const trade = await tradeByAccess(db, f);
      const allowed: Record<string, string[]> = {
        SALES: ['AUTH'],
        VOID: ['AUTH', 'CAPTURE', 'SALES'],
        RETURN: ['CAPTURE', 'SALES'],
      };
      const from = allowed[f.JobCd ?? ''];
      if (!from) fail(GMO_ERR.param);
      if (!from?.includes(trade.status)) fail(GMO_ERR.badState);
      if (f.JobCd === 'SALES' && Number(f.Amount) !== trade.amount) fail(GMO_ERR.amount);
      const [updated] = await db('sandbox_gmo_trades')
        .where({ access_id: trade.accessId, status: trade.status })
        .update({ status: f.JobCd, updated_at: new Date() })
        .returning('*');
      if (!updated) fail(GMO_ERR.badState);
      await notify(db, updated);
      return {
        AccessID: trade.accessId,
        AccessPass: trade.accessPass,
        Forward: '2a99662',
        Approve: trade.approve ?? '',
        TranID: trade.tranId ?? '',
        TranDate: tokyoStamp(),
      };
    },

    async ChangeTran(db, f) {
      requireShop(f);
      const trade = await tradeByAccess(db, f);
      const amount = Number(f.Amount);
      if (!['CAPTURE', 'SALES', 'AUTH'].includes(trade.status)) fail(GMO_ERR.badState);
      if (!Number.isSafeInteger(amount) || amount < 1) fail(GMO_ERR.amount);
      await db('sandbox_gmo_trades').where({ access_id: trade.accessId }).update({ amount, updated_at: new Date() });
      return {
        AccessID: trade.accessId,
        AccessPass: trade.accessPass,
        Forward: '2a99662',
        Approve: trade.approve ?? '',
        TranID: trade.tranId ?? '',
        TranDate: tokyoStamp(),
      };
    },

    async SearchTrade(db, f) {
      requireShop(f);
      const trade = await db('sandbox_gmo_trades')
        .where({ order_id: f.OrderID ?? '' })
        .first();
      if (!trade) return fail(GMO_ERR.tradeNotFound);
      return {
        OrderID: trade.orderId,
        Status: trade.status,
        ProcessDate: tokyoStamp(new Date(trade.updatedAt)),
        JobCd: trade.jobCd,
        AccessID: trade.accessId,
        AccessPass: trade.accessPass,
        Amount: String(trade.amount),
        Tax: '0',
        Method: '1',
        PayTimes: '',
        Forward: '2a99662',
        TranID: trade.tranId ?? '',
        Approve: trade.approve ?? '',
        CardNo: trade.maskedCardNo ?? '',
        SiteID: trade.memberId ? gmo.siteId : '',
        MemberID: trade.memberId ?? '',
      };
    },

    async SaveMember(db, f) {
      requireSite(f);
      if (!f.MemberID || !/^[\w.@-]{1,60}$/.test(f.MemberID)) fail(GMO_ERR.param);
      const inserted = await db('sandbox_gmo_members')
        .insert({ site_id: gmo.siteId, member_id: f.MemberID, member_name: f.MemberName ?? null })
        .onConflict(['site_id', 'member_id'])
        .ignore()
        .returning('member_id');
      if (inserted.length === 0) fail(GMO_ERR.memberExists);
      return { MemberID: f.MemberID ?? '' };
    },

    async SaveCard(db, f) {
      requireSite(f);
      const member = await db('sandbox_gmo_members')
        .where({ site_id: gmo.siteId, member_id: f.MemberID ?? '' })
        .first();
      if (!member) fail(GMO_ERR.memberNotFound);
      if (!f.Token) fail(GMO_ERR.param);
      const card = await takeToken(db, f.Token ?? '');
      const seq = await db.transaction(async (trx) => {
        await trx('sandbox_gmo_members').where({ site_id: gmo.siteId, member_id: f.MemberID }).forUpdate().first();
        const max = await trx('sandbox_gmo_cards')
          .where({ site_id: gmo.siteId, member_id: f.MemberID })
          .max('card_seq as seq')
          .first();
        const next = max?.seq === null || max?.seq === undefined ? 0 : Number(max.seq) + 1;
        await trx('sandbox_gmo_cards').insert({
          site_id: gmo.siteId,
          member_id: f.MemberID,
          card_seq: next,
          masked_card_no: card.maskedCardNo,
          brand: card.brand,
          expire: card.expire,
          holder_name: f.HolderName || card.holderName,
          behaviour: card.behaviour,
          default_flag: f.DefaultFlag === '1',
        });
        return next;
      });
      return { CardSeq: String(seq), CardNo: card.maskedCardNo, Forward: '2a99662', Brand: card.brand };
    },

    async SearchCard(db, f) {
      requireSite(f);
      const card = await db('sandbox_gmo_cards')
        .where({ site_id: gmo.siteId, member_id: f.MemberID ?? '', card_seq: Number(f.CardSeq), deleted: false })
        .first();
      if (!card) return fail(GMO_ERR.cardNotFound);
      return {
        CardSeq: String(card.cardSeq),
        DefaultFlag: card.defaultFlag ? '1' : '0',
        CardName: '',
        CardNo: card.maskedCardNo,
        Expire: card.expire,
        HolderName: card.holderName ?? '',
        DeleteFlag: '0',
        Brand: card.brand,
      };
    },

    async DeleteCard(db, f) {
      requireSite(f);
      const n = await db('sandbox_gmo_cards')
        .where({ site_id: gmo.siteId, member_id: f.MemberID ?? '', card_seq: Number(f.CardSeq), deleted: false })
        .update({ deleted: true });
      if (!n) fail(GMO_ERR.cardNotFound);
      return { CardSeq: f.CardSeq ?? '' };
    },
  };

  const cvs = gmoCvsApis(config);

  const text = (h: ResponseToolkit, fields: Record<string, string | undefined>) =>
    h.response(gmoEncode(fields)).type('text/plain; charset=utf-8');

  return [
    ...gmoCvsSlipRoutes(config),
    {
      method: 'POST',
      path: '/sandbox/gmo/token',
      options: { auth: false, description: 'Sandbox card tokeniser (GMO token JS stand-in)' },
      async handler(request, h) {
        const p = bodyFields(request.payload);
        const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
        let expiry = str(p.expire ?? p.expiry);
        if (/^\d{4}$/.test(expiry)) expiry = yymmToExpiry(expiry); // GMO's own YYMM form
        const number = str(p.cardno ?? p.cardNumber);
        const input = {
          number,
          holderName: str(p.holdername ?? p.holderName),
          expiry,
          cvc: str(p.securitycode ?? p.cvc),
        };
        const errors: CardErrors = validateCard(input);
        if (Object.keys(errors).length > 0) {
          const locale = request.app.locale ?? 'ja';
          const detail = Object.fromEntries(
            Object.entries(errors).map(([field, key]) => [field, { code: key, message: message(key, locale) }]),
          );
          return h.response({ resultCode: '100', errors: detail }).code(400);
        }
        const count = Math.min(10, Math.max(1, Number(p.tokennumber ?? 1) || 1));
        const expiresAt = new Date(Date.now() + TOKEN_TTL_MS);
        const tokens = Array.from({ length: count }, () => randomBytes(24).toString('base64url'));
        const behaviour = TEST_CARDS[number] ?? 'ok';
        await knexOf(request)('sandbox_gmo_tokens').insert(
          tokens.map((token) => ({
            token,
            masked_card_no: maskCardNumber(number),
            brand: cardBrand(number),
            expire: expiryToYymm(expiry),
            holder_name: input.holderName.trim(),
            behaviour,
            expires_at: expiresAt,
          })),
        );
        return {
          resultCode: '000',
          tokenObject: {
            token: tokens,
            toBeExpiredAt: expiresAt.toISOString(),
            maskedCardNo: maskCardNumber(number),
            isSecurityCodeSet: true,
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/gmo/payment/{api}',
      options: {
        auth: false,
        payload: { parse: false, output: 'data', maxBytes: 64 * 1024 },
        description: 'Sandbox GMO protocol API (form-encoded in and out)',
      },
      async handler(request, h) {
        const name = pathParam(request, 'api').replace(/\.idPass$/, '');
        const fields = gmoDecode(String(request.payload ?? ''));
        const cvsApi = Object.hasOwn(cvs, name) ? cvs[name] : undefined;
        if (cvsApi) return text(h, await cvsApi(knexOf(request), fields, request));
        const api = Object.hasOwn(apis, name) ? apis[name] : undefined;
        if (!api) return text(h, { ErrCode: 'E01', ErrInfo: 'E01999999' }).code(404);
        try {
          return text(h, await api(knexOf(request), fields));
        } catch (err) {
          if (err instanceof GmoFail) return text(h, { ErrCode: err.err.code, ErrInfo: err.err.info });
          if (err instanceof LostAnswer) return h.response('Gateway Timeout').code(504);
          throw err;
        }
      },
    },
    {
      method: 'GET',
      path: '/sandbox/gmo/challenge/{accessId}',
      options: { auth: false, description: 'Sandbox 3-D Secure 2 challenge page' },
      async handler(request, h) {
        const accessId = pathParam(request, 'accessId');
        const trade = await knexOf(request)('sandbox_gmo_trades').where({ access_id: accessId }).first();
        if (!trade || trade.challenge === 'none') {
          return h
            .response(donePage('Not found', 'No 3-D Secure challenge here.', null))
            .type('text/html')
            .code(404);
        }
        if (trade.challenge !== 'pending') {
          return h
            .response(donePage('3-D Secure（本人認証）', 'This challenge is already completed.', returnTo(trade)))
            .type('text/html');
        }
        const html = decisionPage({
          title: '3-D Secure（本人認証）',
          heading: '3-D Secure authentication（本人認証）',
          rows: [
            ['Merchant（加盟店）', MERCHANT_NAME],
            ['Amount（金額）', yen(trade.amount)],
            ['Card（カード）', trade.maskedCardNo ?? ''],
            ['Order（注文番号）', trade.orderId],
          ],
          action: `/sandbox/gmo/challenge/${encodeURIComponent(accessId)}`,
          approve: { value: 'approve', label: 'Approve（認証する）' },
          reject: { value: 'fail', label: 'Fail authentication（認証失敗）' },
        });
        return h.response(html).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      },
    },
    {
      method: 'POST',
      path: '/sandbox/gmo/challenge/{accessId}',
      options: { auth: false },
      async handler(request, h) {
        const accessId = pathParam(request, 'accessId');
        const decision = formBody(request.payload).text('decision');
        const db = knexOf(request);
        const trade = await db.transaction(async (trx) => {
          const t = await trx('sandbox_gmo_trades').where({ access_id: accessId }).forUpdate().first();
          if (!t) return null;
          if (t.challenge !== 'pending') return t;
          if (decision === 'approve') return authorise(trx, accessId, { challenge: 'approved' });
          await declined(trx, accessId, GMO_ERR.tdsFailed, { challenge: 'failed' });
          return t;
        });
        if (!trade)
          return h
            .response(donePage('Not found', 'No 3-D Secure challenge here.', null))
            .type('text/html')
            .code(404);
        const next = returnTo(trade);
        if (!next) return h.response(donePage('3-D Secure', 'Done.', null)).type('text/html');
        return h.redirect(next).code(303);
      },
    },
  ];
}

/** The merchant's RetUrl with the AccessID added (what GMO sends back after the challenge). */
function returnTo(trade: Record<string, unknown>): string | null {
  if (!trade.retUrl) return null;
  const url = new URL(String(trade.retUrl));
  url.searchParams.set('AccessID', String(trade.accessId));
  return url.toString();
}
