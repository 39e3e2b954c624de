// The client's own look at a photo before it is sent (the server judges again): size, then the declared type and the
// real one (magic bytes). For the add-info step's face and gate photos and a pass holder's face photo.
import type { MessageKey } from '../../../../common/messages';
import { FACE_PHOTO_TYPES, GATE_PHOTO_TYPES, MAX_IMAGE_BYTES, sniffImageType } from '../../../../common/rules/images';

export async function photoProblem(file: File, kind: 'face_photo' | 'gate_photo'): Promise<MessageKey | null> {
  const allowed: readonly string[] = kind === 'face_photo' ? FACE_PHOTO_TYPES : GATE_PHOTO_TYPES;
  const typeKey: MessageKey = kind === 'face_photo' ? 'photoType' : 'gatePhotoType';
  if (file.size > MAX_IMAGE_BYTES) return 'photoTooLarge';
  if (!allowed.includes(file.type)) return typeKey;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const real = sniffImageType(head);
  return real && allowed.includes(real) ? null : typeKey;
}
