// Uploaded photos: at most 10MB; face photos and icons jpeg or png, gate photos jpeg only (spec section 5).
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const FACE_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const GATE_PHOTO_TYPES = ['image/jpeg'] as const;
export const ICON_TYPES = FACE_PHOTO_TYPES;

/** Detect the real type from the first bytes rather than trusting the declared one. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}
