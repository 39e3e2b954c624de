// POST api/v1/staff/parks/{parkId}/invitations: an owner invites an address to a role. The invitation and its
// audit row are written in one transaction; the mail (a single-use link to /staff/invitations/:token) goes after
// the commit, so a failed mail leaves an invitation the owner can send again.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffInvitation, StaffRole } from '../../../../common/dto/staff';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { notFound } from '../../../lib/errors';
import { randomToken, sha256 } from '../../../lib/secrets';
import { recordStaffChange } from '../../../lib/staffAudit';
import { type Mailer, staffInvitationMail } from '../../mail';

export const INVITATION_DAYS = 7;

export async function inviteMember(
  deps: { knex: Knex; mailer: Mailer; config: Config },
  input: { parkId: number; actorUserId: number; email: string; role: StaffRole; locale: Locale },
  now = new Date(),
): Promise<StaffInvitation> {
  const token = randomToken();
  const email = input.email.toLowerCase();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const { park, invitation } = await deps.knex.transaction(async (trx) => {
    const park = (await trx('parks').where({ id: input.parkId }).first('name_ja', 'name_en')) as
      | { nameJa: string; nameEn: string | null }
      | undefined;
    if (!park) throw notFound();
    const inviter = (await trx('users').where({ id: input.actorUserId }).first('name')) as { name: string };
    const invitation: StaffInvitation = {
      id: randomUUID(),
      email,
      role: input.role,
      invitedBy: inviter?.name ?? null,
      expiresAt: expiresAt.toISOString(),
      createdAt: now.toISOString(),
    };
    await trx('staff_invitations').insert({
      id: invitation.id,
      park_id: input.parkId,
      email,
      role: input.role,
      token_hash: sha256(token),
      invited_by: input.actorUserId,
      expires_at: expiresAt,
      created_at: now,
    });
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'invitation',
      entityId: invitation.id,
      action: 'invite',
      after: { email, role: input.role, expiresAt: invitation.expiresAt },
    });
    return { park, invitation };
  });
  const parkName = input.locale === 'en' ? (park.nameEn ?? park.nameJa) : park.nameJa;
  const mail = staffInvitationMail(
    input.locale,
    parkName,
    input.role,
    `${deps.config.publicUrl}/staff/invitations/${token}`,
    INVITATION_DAYS,
  );
  await deps.mailer.send({ to: email, subject: mail.subject, text: mail.text });
  return invitation;
}
