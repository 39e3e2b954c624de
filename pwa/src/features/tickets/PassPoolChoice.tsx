// The item page's "pass-holder places" choice (passes README 2.11): for a signed-in visitor with valid pass holders
// on the chosen date, the places set aside for them on the chosen slot, with how many are left. Chosen, the add
// takes them (`pass_pool`); if they run out the server answers sold out and the general places stay to choose.
import { useTranslation } from 'react-i18next';
import type { PassPlaces } from '../../../../common/dto/cart';

/** The places left for holders on a slot, or null when the caller may not book them there. */
export function passPlacesLeft(places: PassPlaces | undefined, slotId: number | null): number | null {
  if (!places || places.holders === 0 || slotId === null) return null;
  return places.slots.find((s) => s.timeSlotId === slotId)?.remaining ?? null;
}

export function PassPoolChoice({
  places,
  slotId,
  checked,
  onChange,
}: {
  places: PassPlaces | undefined;
  slotId: number | null;
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  const { t } = useTranslation();
  const left = passPlacesLeft(places, slotId);
  if (left === null || !places) return null;
  return (
    <fieldset className="field" data-testid="pass-pool-choice">
      <legend>{t('checkout.purchase.passPool.title')}</legend>
      <label className="chip">
        <input
          type="checkbox"
          checked={checked}
          disabled={left === 0 && !checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="pass-pool"
        />
        <span>{t('checkout.purchase.passPool.use', { count: left })}</span>
      </label>
      <p className="muted">{t('checkout.purchase.passPool.note', { count: places.holders })}</p>
    </fieldset>
  );
}
