// GET api/v1/staff/office: the back office's home: the member's parks with their roles and whether each requires
// two-factor sign-in, and whether the member has it on. Answered even where the park refuses the member for want of
// it (that is exactly when the home must say so, before a page fails).
import type { Knex } from 'knex';
import type { OfficeOverview, StaffRole } from '../../../../common/dto/staff';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';
import { totpEnabled } from '../../auth';

export async function officeOverview(knex: Knex, userId: number, locale: Locale): Promise<OfficeOverview> {
  const rows = (await knex('park_staff as s')
    .join('parks as p', 'p.id', 's.park_id')
    .where('s.user_id', userId)
    .orderBy(['p.id', 's.role'])
    .select('p.id', 'p.name_ja', 'p.name_en', 'p.require_totp', 's.role')) as {
    id: number;
    nameJa: string;
    nameEn: string | null;
    requireTotp: boolean;
    role: StaffRole;
  }[];
  const parks = new Map<number, OfficeOverview['parks'][number]>();
  for (const r of rows) {
    const park = parks.get(r.id) ?? {
      parkId: r.id,
      name: localize({ nameJa: r.nameJa, nameEn: r.nameEn }, 'name', locale),
      roles: [],
      requireTotp: Boolean(r.requireTotp),
    };
    park.roles.push(r.role);
    parks.set(r.id, park);
  }
  return { twoFactor: await totpEnabled(knex, userId), parks: [...parks.values()] };
}
