import type { ChildAccount, Profile } from '../../../common/dto/user';
import type { User } from '../../models/User';

export function presentProfile(
  user: User,
  actingParentId: number | null,
  providers: string[],
  staffRoles: { parkId: number; role: string }[] = [],
): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    telephone: user.telephone,
    prefecture_id: user.prefectureId,
    birthdate: user.birthdate,
    language: user.language,
    gender: user.gender,
    icon_url: user.iconUrl,
    child_flag: user.childFlag,
    parent_id: user.parentId,
    notifications_enabled: user.notificationsEnabled,
    has_password: !!user.passwordHash,
    mirairo_flag: user.disabilityId ? 1 : 0,
    acting_parent_id: actingParentId,
    social_providers: providers,
    staff_roles: staffRoles.map((r) => ({ park_id: r.parkId, role: r.role })),
  };
}

export function presentChild(user: User): ChildAccount {
  return { id: user.id, name: user.name, birthdate: user.birthdate, icon_url: user.iconUrl, child_flag: 1 };
}
