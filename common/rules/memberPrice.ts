// An annual pass's member discount on one unit (server/features/passes/README.md 2.11). DESIGN: a percentage off
// rounds the discount down to the yen, so the visitor pays the ceiling.
export function memberUnitPrice(price: number, percent: number): number {
  return price - Math.floor((price * percent) / 100);
}
