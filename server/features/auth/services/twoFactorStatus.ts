// GET api/v1/me/two-factor: whether two-factor sign-in is on, recovery codes left, and which parks require it.
import type { Knex } from 'knex';
import type { TwoFactorStatus } from '../../../../common/dto/user';
import { parksRequiringTotp } from '../twoFactor';

export async function twoFactorStatus(knex: Knex, userId: number): Promise<TwoFactorStatus> {
  const row = await knex('user_totp').where({ user_id: userId }).first('enabled_at');
  const left = await knex('totp_recovery_codes')
    .where({ user_id: userId })
    .whereNull('used_at')
    .count({ n: '*' })
    .first();
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt ? new Date(row.enabledAt).toISOString() : null,
    recoveryCodesLeft: Number(left?.n ?? 0),
    requiredByParks: await parksRequiringTotp(knex, userId),
  };
}
