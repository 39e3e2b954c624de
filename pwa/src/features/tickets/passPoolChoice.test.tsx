// @vitest-environment jsdom
// The item page's pass-holder places choice (passes README 2.11): shown only to a visitor with valid holders on the
// date and only for a slot with places set aside; chosen, the add asks for them (`pass_pool`).
import { describe, expect, it } from 'vitest';
import type { PassPlaces } from '../../../../common/dto/cart';
import { renderStatic } from '../../test/renderStatic';
import { PassPoolChoice, passPlacesLeft } from './PassPoolChoice';
import { addLineRequest } from './purchase';

const PLACES: PassPlaces = {
  holders: 2,
  slots: [{ timeSlotId: 7, startTime: '10:00', endTime: '11:00', capacity: 5, remaining: 3 }],
};

describe('pass-holder places', () => {
  it('are left for a slot with places set aside and a caller with holders, else none', () => {
    expect(passPlacesLeft(PLACES, 7)).toBe(3);
    expect(passPlacesLeft(PLACES, 8)).toBeNull();
    expect(passPlacesLeft(PLACES, null)).toBeNull();
    expect(passPlacesLeft({ holders: 0, slots: [] }, 7)).toBeNull();
    expect(passPlacesLeft(undefined, 7)).toBeNull();
  });

  it('show the choice with the places left and the holders (ja, en), nothing without', async () => {
    const ja = await renderStatic(<PassPoolChoice places={PLACES} slotId={7} checked={false} onChange={() => {}} />);
    expect(ja).toContain('パス会員枠');
    expect(ja).toContain('残り3枚');
    expect(ja).toContain('2名まで');
    const en = await renderStatic(<PassPoolChoice places={PLACES} slotId={7} checked onChange={() => {}} />, {
      locale: 'en',
    });
    expect(en).toContain('Pass-holder places');
    expect(en).toContain('Book pass-holder places (3 left)');
    const none = await renderStatic(<PassPoolChoice places={PLACES} slotId={8} checked={false} onChange={() => {}} />);
    expect(none).not.toContain('pass-pool-choice');
  });

  it('chosen, the add asks for them; not chosen, the body has no pass_pool', () => {
    const selection = {
      itemId: 3,
      date: '2026-12-24',
      timeSlotId: 7,
      basic: { 5: 1 },
      additional: {},
      disability: 0,
      companion: 0,
    };
    expect(addLineRequest({ ...selection, passPool: true })).toMatchObject({ time_slot_id: 7, pass_pool: true });
    expect(addLineRequest(selection)).not.toHaveProperty('pass_pool');
  });
});
