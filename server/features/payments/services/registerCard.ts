import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MAX_REGISTERED_CARDS, type RegisteredCard } from '../../../../common/rules/card';
import type { Config } from '../../../config';
import { toCount } from '../../../db/knex';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { presentCard } from '../presentCard';
import { ProviderError } from '../provider';
import { cardVault } from '../providers';
import { GMO_ERR } from '../providers/gmoCard';

const PROVIDER = 'gmo';

export interface RegisterCardInput {
  /** One-time token from the tokeniser (sandbox /sandbox/gmo/token, or GMO's token JS). */
  token: string;
  holderName: string | null;
  makeDefault?: boolean;
  /** The refusal at the limit: on the card page, or while paying ("... so payment is not possible."). */
  limitMessage?: 'cardLimitReached' | 'cardLimit';
}

/**
 * Registers a card at the provider (GMO SaveCard under the user's member id) and keeps its references.
 * At most 5 per user: counted before calling the provider and again under a lock on the user row when
 * storing; a card that loses that race is deleted at the provider again.
 */
export async function registerCard(
  knex: Knex,
  config: Config,
  userId: number,
  input: RegisterCardInput,
): Promise<{ card: RegisteredCard; memberId: string; cardSeq: string }> {
  const limitMessage = input.limitMessage ?? 'cardLimitReached';
  const user = await knex('users').where({ id: userId }).whereNull('deleted_at').first('id', 'child_flag');
  if (!user) throw notFound();
  if (user.childFlag === 1) throw new DomainError('childRestricted');
  const count = async (db: Knex | Knex.Transaction) =>
    toCount((await db('user_cards').where({ user_id: userId }).count('* as n').first())?.n);
  if ((await count(knex)) >= MAX_REGISTERED_CARDS) throw new DomainError(limitMessage);

  const vault = cardVault(config);
  const existing = await knex('user_cards').where({ user_id: userId, provider: PROVIDER }).first('provider_member_id');
  let memberId: string = existing?.providerMemberId;
  let stored: Awaited<ReturnType<typeof vault.saveCard>>;
  try {
    if (!memberId) {
      memberId = `zp${userId}-${randomBytes(6).toString('hex')}`;
      await vault.saveMember(memberId, `user ${userId}`);
    }
    stored = await vault.saveCard(memberId, input.token, input.holderName);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.code === GMO_ERR.tokenInvalid.info || err.code.startsWith('E61')) {
      throw new DomainError('cardTokenInvalid');
    }
    // Unreachable or refusing for another reason: nothing was stored here, the card can be registered later.
    throw new DomainError('paymentUnavailable');
  }

  const row = await knex.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forUpdate().first('id');
    const n = await count(trx);
    if (n >= MAX_REGISTERED_CARDS) return null;
    const makeDefault = input.makeDefault === true || n === 0;
    if (makeDefault) await trx('user_cards').where({ user_id: userId, is_default: true }).update({ is_default: false });
    const [inserted] = await trx('user_cards')
      .insert({
        user_id: userId,
        provider: PROVIDER,
        provider_member_id: memberId,
        provider_card_seq: stored.cardSeq,
        brand: stored.brand,
        last4: stored.last4,
        expiry: stored.expiry,
        holder_name: stored.holderName ?? input.holderName,
        is_default: makeDefault,
      })
      .returning('*');
    await audit(trx, {
      entity: 'user_card',
      entityId: inserted.id,
      action: 'card.registered',
      actorUserId: userId,
      data: { brand: stored.brand, last4: stored.last4, default: makeDefault },
    });
    return inserted;
  });
  if (!row) {
    await vault.deleteCard(memberId, stored.cardSeq).catch(() => undefined);
    throw new DomainError(limitMessage);
  }
  return { card: presentCard(row), memberId, cardSeq: stored.cardSeq };
}
