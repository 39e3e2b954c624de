/** The header the cart's add takes the waiting room's admission token in. */
export const ADMISSION_HEADER = 'x-admission-token';
