import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../../../common/rules/images';
import { DomainError } from '../../../lib/errors';

/** Stores a photo in the database (instances stay stateless) after checking its real type and size. */
export async function saveUpload(
  trx: Knex | Knex.Transaction,
  ownerId: number,
  purpose: 'icon' | 'face' | 'gate',
  bytes: Buffer,
  allowed: readonly string[],
): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new DomainError('photoTooLarge');
  const type = sniffImageType(bytes);
  if (!type || !allowed.includes(type)) throw new DomainError('photoType');
  const id = randomUUID();
  await trx('uploads').insert({ id, owner_id: ownerId, purpose, content_type: type, size: bytes.length, bytes });
  return id;
}
