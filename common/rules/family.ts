// Kids accounts (spec: families manage kids accounts whose payment functions are restricted).

/** A kids account is for someone under this age on the day. */
export const CHILD_MAX_AGE = 18;

/**
 * A child's date of birth, given today's business date (Asia/Tokyo): not in the future, and the 18th birthday not
 * reached yet. A 29 February birthday counts its birthday as 1 March in other years.
 */
export function isChildBirthdate(birthdate: string, today: string): boolean {
  if (birthdate > today) return false;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  const adult = new Date(Date.UTC(y + CHILD_MAX_AGE, m - 1, d)).toISOString().slice(0, 10);
  return today < adult;
}
