// A holder's member card as a wallet pass sees it (issue 32: "Add to Apple Wallet" on each member card): the card in
// ja and en as My Tickets shows it (its current term's signed token, kind "pass"), and the holder's face photo. The
// pass's serial is the current term ticket: a reissue revokes that ticket's token, which the PassKit web service
// lists as a change and serves again (walletPasses/services/ticketPkpass.ts).
import type { Knex } from 'knex';
import type { MemberCard } from '../../../../common/dto/pass';
import { DomainError, notFound } from '../../../lib/errors';
import { listMemberCards } from './listMemberCards';

export interface MemberWalletCard {
  byLocale: { ja: MemberCard; en: MemberCard };
  /** The holder's face (upright JPEG without metadata), null without one. */
  photo: Buffer | null;
}

interface Options {
  appSecret: string;
  now: Date;
}

/** The card of `holderId` on `passId` as `userId` may see it (the owner, or the holder): anyone else 404. */
export async function memberWalletCard(
  knex: Knex,
  userId: number,
  passId: number,
  holderId: number,
  o: Options,
): Promise<MemberWalletCard> {
  const [ja, en] = await Promise.all(
    (['ja', 'en'] as const).map(async (locale) =>
      (await listMemberCards(knex, userId, { locale, appSecret: o.appSecret, now: o.now })).cards.find(
        (card) => card.passId === passId && card.holderId === holderId,
      ),
    ),
  );
  if (!ja || !en) throw notFound();
  const photo = (await knex('pass_holders as h')
    .join('pass_photos as ph', 'ph.id', 'h.photo_id')
    .where('h.id', holderId)
    .whereIn('ph.state', ['approved', 'pending'])
    .first('ph.image')) as { image: Buffer } | undefined;
  return { byLocale: { ja, en }, photo: photo?.image ?? null };
}

/**
 * The card behind a wallet serial's term ticket, as the account it was issued to sees it now; `card` null when that
 * account no longer has it (cancelled, or no longer the owner or holder): the pass is then shown void.
 */
export async function memberWalletCardOfTerm(
  knex: Knex,
  termTicketId: string,
  userId: number,
  o: Options,
): Promise<{ card: MemberWalletCard | null; passNumber: string; holderName: string } | null> {
  const row = (await knex('tickets as t')
    .join('pass_holders as h', 'h.id', 't.pass_holder_id')
    .join('passes as p', 'p.id', 'h.pass_id')
    .where({ 't.id': termTicketId, 't.unit_kind': 'pass' })
    .first('h.id as holder_id', 'h.pass_id', 'h.name', 'p.pass_number')) as
    | { holderId: number; passId: number; name: string; passNumber: string }
    | undefined;
  if (!row) return null;
  const card = await memberWalletCard(knex, userId, row.passId, row.holderId, o).catch((err: unknown) => {
    if (err instanceof DomainError && err.key === 'notFound') return null;
    throw err;
  });
  return { card, passNumber: row.passNumber, holderName: row.name };
}
