// @vitest-environment jsdom
// The group request form (issue 31): the item asked for is named, and an item sold by time slot asks for one of its
// slots (the server refuses a request without it), in ja and en.
import { describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../../../common/dto/item';
import { renderStatic } from '../../test/renderStatic';
import GroupRequestPage from './GroupRequestPage';
import { groupsApi } from './groupsApi';

const item = (timeSlots: ItemDetail['timeSlots']) =>
  ({ id: 7, name: 'ペンギンのお散歩見学', timeSlots }) as unknown as ItemDetail;

const render = (slots: ItemDetail['timeSlots'], locale: 'ja' | 'en' = 'ja') =>
  renderStatic(<GroupRequestPage />, {
    locale,
    path: '/groups/request?park=1&item=7',
    user: { id: 5, name: '山田 花子', child_flag: 0 },
    prepare: (store) =>
      store.dispatch(groupsApi.util.upsertQueryData('groupItem', 7, { data: item(slots), meta: {} as never })),
  });

describe('the group request form', () => {
  it('names the item and offers its time slots, one required', async () => {
    const html = await render([
      { id: 31, startTime: '10:00', endTime: '11:00', capacity: 80 },
      { id: 32, startTime: '13:00', endTime: '14:00', capacity: 80 },
    ]);
    expect(html).toContain('ペンギンのお散歩見学');
    expect(html).toMatch(/<select id="g-slot" name="timeSlotId" required=""/);
    expect(html).toContain('<option value="31">10:00–11:00</option>');
    expect(html).toContain('<option value="32">13:00–14:00</option>');
    expect(html).toContain('時間帯を選んでください');
    expect(await render([{ id: 31, startTime: '10:00', endTime: '11:00', capacity: 80 }], 'en')).toContain(
      'Choose a time slot',
    );
  });

  it('asks for no slot for an item sold by the day', async () => {
    expect(await render([])).not.toContain('g-slot');
  });
});
