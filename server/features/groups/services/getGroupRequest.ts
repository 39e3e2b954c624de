// One group request: for its requester (anyone else: not found), or for the staff of its park (the route checked
// the park; a request of another park is not found). The document is served apart (getGroupDocument).
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { DOCUMENT_MIME, type DocumentType } from '../document';
import { type GroupRequestRow, presentGroupRequest, REQUEST_COLUMNS } from '../present';

export type Viewer = { userId: number } | { parkId: number };

const owned = (q: ReturnType<Knex['queryBuilder']>, by: Viewer) =>
  'userId' in by ? q.where('group_requests.user_id', by.userId) : q.where('group_requests.park_id', by.parkId);

export async function getGroupRequest(knex: Knex, id: number, by: Viewer, locale: 'ja' | 'en') {
  const row = (await knex('group_requests')
    .join('items', 'items.id', 'group_requests.item_id')
    .where('group_requests.id', id)
    .modify((q) => owned(q, by))
    .first([
      ...REQUEST_COLUMNS,
      knex.raw('group_requests.date::text AS date'),
      knex.raw(locale === 'en' ? 'COALESCE(items.name_en, items.name_ja) AS item_name' : 'items.name_ja AS item_name'),
    ])) as (GroupRequestRow & { itemName: string }) | undefined;
  if (!row) throw new DomainError('notFound');
  return presentGroupRequest(row);
}

export async function getGroupDocument(knex: Knex, id: number, by: Viewer): Promise<{ bytes: Buffer; mime: string }> {
  const row = (await knex('group_requests')
    .where('group_requests.id', id)
    .modify((q) => owned(q, by))
    .first('document', 'document_type')) as { document: Buffer | null; documentType: DocumentType | null } | undefined;
  if (!row?.document || !row.documentType) throw new DomainError('notFound');
  return { bytes: row.document, mime: DOCUMENT_MIME[row.documentType] };
}
