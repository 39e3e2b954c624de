// Password rule shared by the PWA form and the server: at least 8 half-width characters
// with upper case, lower case and digits (spec section 5).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Half-width printable ASCII only. */
const HALF_WIDTH = /^[\x21-\x7e]+$/;

export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    HALF_WIDTH.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value)
  );
}
