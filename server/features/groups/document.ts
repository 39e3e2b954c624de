// A group's exemption document is judged by its bytes (magic numbers), never by its name or declared type:
// PDF (%PDF-), PNG or JPEG, at most 10 MB.
import { GROUP_DOCUMENT_MAX_BYTES } from '../../../common/rules/groupRequestState';
import { DomainError } from '../../lib/errors';

export type DocumentType = 'pdf' | 'png' | 'jpeg';

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

export function sniffDocument(b: Uint8Array): DocumentType | null {
  if (b.length >= 5 && Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  return null;
}

/** The document's type, or the refusal: over 10 MB (413), not a PDF/PNG/JPEG by content (415). */
export function checkDocument(bytes: Buffer): DocumentType {
  if (bytes.length > GROUP_DOCUMENT_MAX_BYTES) throw new DomainError('groupDocumentTooLarge');
  const type = sniffDocument(bytes);
  if (!type) throw new DomainError('groupDocumentType');
  return type;
}
