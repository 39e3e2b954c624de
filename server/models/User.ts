import { BaseModel } from './BaseModel';

export class User extends BaseModel {
  static override tableName = 'users';
  id!: number;
  email!: string | null;
  passwordHash!: string | null;
  name!: string;
  telephone!: string | null;
  prefectureId!: number;
  birthdate!: string | null;
  language!: number;
  gender!: number;
  iconUrl!: string | null;
  childFlag!: number;
  parentId!: number | null;
  notificationsEnabled!: boolean;
  emailVerifiedAt!: Date | null;
  disabilityId!: string | null;
  disabilityLinkedAt!: Date | null;
  deletedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
