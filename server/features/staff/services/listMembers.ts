// GET api/v1/staff/parks/{parkId}/members: the park's staff with their roles and whether each uses two-factor
// sign-in, whether the park requires it, and the invitations still open.
import type { Knex } from 'knex';
import type { StaffInvitation, StaffMember, StaffMembers, StaffRole } from '../../../../common/dto/staff';

export async function listMembers(knex: Knex, parkId: number, now = new Date()): Promise<StaffMembers> {
  const rows = (await knex('park_staff as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('user_totp as t', 't.user_id', 's.user_id')
    .where('s.park_id', parkId)
    .orderBy(['u.id', 's.role'])
    .select('u.id', 'u.name', 'u.email', 's.role', 't.enabled_at')) as {
    id: number;
    name: string;
    email: string | null;
    role: StaffRole;
    enabledAt: Date | null;
  }[];
  const park = (await knex('parks').where({ id: parkId }).first('require_totp')) as { requireTotp: boolean };
  const members = new Map<number, StaffMember>();
  for (const r of rows) {
    const m = members.get(r.id) ?? {
      userId: r.id,
      name: r.name,
      email: r.email,
      roles: [],
      twoFactor: Boolean(r.enabledAt),
    };
    m.roles.push(r.role);
    members.set(r.id, m);
  }
  const invitations = (await knex('staff_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.park_id', parkId)
    .whereNull('i.accepted_at')
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .select('i.id', 'i.email', 'i.role', 'u.name as invited_by', 'i.expires_at', 'i.created_at')) as {
    id: string;
    email: string;
    role: StaffRole;
    invitedBy: string | null;
    expiresAt: Date;
    createdAt: Date;
  }[];
  return {
    requireTotp: park.requireTotp,
    members: [...members.values()],
    invitations: invitations.map(
      (i): StaffInvitation => ({
        id: i.id,
        email: i.email,
        role: i.role,
        invitedBy: i.invitedBy,
        expiresAt: new Date(i.expiresAt).toISOString(),
        createdAt: new Date(i.createdAt).toISOString(),
      }),
    ),
  };
}
