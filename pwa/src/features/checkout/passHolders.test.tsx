// @vitest-environment jsdom
// A pass line's holders at the add-info step (issue 29): one row per unit with the age group as bought, a name of
// 1-60 characters, the buyer or a kids account at most once, errors per field in ja and en, the photo's place.
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '../../../../common/dto/cart';
import type { CartPassInfo } from '../../../../common/dto/pass';
import type { ChildAccount } from '../../../../common/dto/user';
import { FAMILY_PASS } from '../../test/passFixtures';
import { renderStatic } from '../../test/renderStatic';
import AddInfoPage from './AddInfoPage';
import { checkoutApi } from './checkoutApi';
import { PassHoldersForm } from './PassHoldersForm';
import { passLineApi } from './passApi';
import { holderProblems, holderRows, initialRows, passLineRequest } from './passHolders';

const info: CartPassInfo = {
  product: FAMILY_PASS,
  details: { renewsPassId: null, holders: [] },
  renews: null,
  complete: false,
};
const line = {
  id: 77,
  kind: 'pass',
  itemId: 41,
  name: 'ファミリー年間パスポート',
  imageUrl: '/x.webp',
  date: '2026-11-28',
  timeSlot: null,
  time: null,
  seatCodes: [],
  quantities: [
    { ageGroupId: 1, ageGroupName: '大人', quantity: 2, unitPrice: 4800 },
    { ageGroupId: 2, ageGroupName: '小人', quantity: 1, unitPrice: 1200 },
  ],
  additionalPlans: [],
  disabilityQuantity: 0,
  companionQuantity: 0,
  disabilityUnitPrice: null,
  quantity: null,
  packUnitPrice: null,
  people: 3,
  subtotal: 10800,
  expiresAt: '2026-11-28T03:00:00Z',
  advanceInfo: null,
  advanceInfoFields: [],
  lottery: false,
  pendingOrderId: null,
  pass: info,
} as unknown as CartLine;
const kid: ChildAccount = { id: 12, name: 'はなこ', birthdate: '2018-04-01', icon_url: null, child_flag: 1 };

describe('the holders of a pass line', () => {
  it('are one row per unit bought, age group as bought, in order', () => {
    expect(holderRows(line, info).map((r) => [r.position, r.ageGroupId, r.ageGroupName, r.unitKind])).toEqual([
      [1, 1, '大人', 'basic'],
      [2, 1, '大人', 'basic'],
      [3, 2, '小人', 'basic'],
    ]);
  });

  it('come back as saved (a renewal prefills them)', () => {
    const saved: CartPassInfo = {
      ...info,
      details: {
        renewsPassId: 3,
        holders: [{ position: 1, holderUserId: 12, name: 'はなこ', ageGroupId: 2, unitKind: 'basic', photoId: 'p1' }],
      },
    };
    expect(holderRows(line, saved)).toEqual([
      {
        position: 1,
        ageGroupId: 2,
        ageGroupName: '小人',
        unitKind: 'basic',
        name: 'はなこ',
        holderUserId: 12,
        photoId: 'p1',
      },
    ]);
  });

  it('need a name of 1-60 characters, and an account at most once', () => {
    const rows = holderRows(line, info);
    rows[0] = { ...rows[0], name: '  ', holderUserId: 5 } as (typeof rows)[0];
    rows[1] = { ...rows[1], name: 'あ'.repeat(61), holderUserId: 5 } as (typeof rows)[1];
    rows[2] = { ...rows[2], name: 'はなこ', holderUserId: 12 } as (typeof rows)[2];
    expect(holderProblems(rows)).toEqual(
      new Map([
        [1, { name: 'nameRequired' }],
        [2, { name: 'nameTooLong', holderUserId: 'personTwice' }],
      ]),
    );
    rows[1] = { ...rows[1], name: 'あ'.repeat(60), holderUserId: null } as (typeof rows)[1];
    rows[0] = { ...rows[0], name: '山田 太郎' } as (typeof rows)[0];
    expect(holderProblems(rows).size).toBe(0);
  });

  it('are sent as PassLineRequest, names trimmed', () => {
    const rows = holderRows(line, info).map((r) => ({ ...r, name: ` ${r.position}番 ` }));
    expect(passLineRequest(rows).holders[0]).toEqual({
      position: 1,
      holder_user_id: null,
      name: '1番',
      age_group_id: 1,
      unit_kind: 'basic',
      photo_id: null,
    });
  });

  it("start with the signed-in buyer as the first adult holder (not a child's row), unless someone is named", () => {
    // Reference age groups: 2 primary school (6-12), 5 adult (18-64), 6 senior (65+).
    const family = {
      ...line,
      quantities: [
        { ageGroupId: 2, ageGroupName: '小学生', quantity: 1, unitPrice: 1200 },
        { ageGroupId: 5, ageGroupName: '大人', quantity: 2, unitPrice: 4800 },
      ],
    } as unknown as CartLine;
    const me = { id: 5, name: '山田 花子' };
    const rows = initialRows(family, info, {}, me);
    expect(rows.map((r) => [r.position, r.ageGroupId, r.holderUserId, r.name])).toEqual([
      [1, 2, null, ''],
      [2, 5, 5, '山田 花子'],
      [3, 5, null, ''],
    ]);
    // Signed out, or a line of children only: nobody chosen.
    expect(initialRows(family, info, {}, null).every((r) => r.holderUserId === null)).toBe(true);
    const kidsOnly = { ...family, quantities: [family.quantities[0]] } as unknown as CartLine;
    expect(initialRows(kidsOnly, info, {}, me).every((r) => r.holderUserId === null)).toBe(true);
    // What the buyer typed or saved before stays as it was.
    const typed = holderRows(family, info).map((r) => (r.position === 1 ? { ...r, name: '山田 一郎' } : r));
    expect(initialRows(family, info, { 77: typed }, me)).toEqual(typed);
  });

  it('kept in session storage only while they still fit the line', () => {
    const rows = holderRows(line, info).map((r) => ({ ...r, name: 'x' }));
    expect(initialRows(line, info, { 77: rows })[0]?.name).toBe('x');
    expect(initialRows(line, info, { 77: rows.slice(0, 2) })[0]?.name).toBe('');
  });
});

describe('the holders form', () => {
  const rows = holderRows(line, info);
  const problems = new Map([
    [1, { name: 'nameRequired' as const }],
    [2, { holderUserId: 'personTwice' as const }],
  ]);
  const form = (
    <PassHoldersForm
      line={line}
      rows={rows}
      problems={problems}
      me={{ id: 5, name: '山田 花子' }}
      kids={[kid]}
      onChange={() => undefined}
    />
  );

  it('shows a row per unit with the account picker, errors per field and a photo choice each (ja)', async () => {
    const html = await renderStatic(form);
    expect(html.match(/data-testid="pass-holder"/g)).toHaveLength(3);
    expect(html).toContain('1人目（大人）');
    expect(html).toContain('3人目（小人）');
    expect(html).toContain('キッズアカウント：はなこ');
    expect(html).toContain('自分（山田 花子）');
    expect(html).toContain('お名前を入力してください');
    expect(html).toContain('同じアカウントを2人に指定できません');
    // A face photo per holder, chosen here (JPEG or PNG), linked to the holder when the pass is issued.
    expect(html.match(/type="file"/g)).toHaveLength(3);
    expect(html).toContain('accept="image/jpeg,image/png"');
    expect(html).toContain('顔写真を選ぶ');
  });

  it('speaks English too', async () => {
    const html = await renderStatic(form, { locale: 'en' });
    expect(html).toContain('Person 1 (大人)');
    expect(html).toContain('Kids account: はなこ');
    expect(html).toContain('Please enter a name');
    expect(html).toContain('The same account cannot be chosen for two people');
    expect(html).toContain('Choose a face photo');
  });

  it('is on the add-info step for a pass line', async () => {
    const cart = { park: { id: 3, name: '上野動物園' }, lines: [line], subtotal: 10800, expiresAt: null } as Cart;
    const html = await renderStatic(
      <Routes>
        <Route path="/cart/:park/add-info" element={<AddInfoPage />} />
      </Routes>,
      {
        path: '/cart/3/add-info',
        user: { id: 5, name: '山田 花子', child_flag: 0 },
        prepare: (store) =>
          Promise.all([
            store.dispatch(
              checkoutApi.util.upsertQueryData('getParkCart', 3, {
                data: cart,
                meta: { notices: [], holdMinutes: 15, serverTime: '2026-11-28T02:00:00Z' },
              }),
            ),
            store.dispatch(
              passLineApi.util.upsertQueryData('passHolderChildren', undefined, {
                data: [kid],
                meta: { total: 1 } as never,
              }),
            ),
          ]),
      },
    );
    expect(html).toContain('data-testid="add-info-pass-line"');
    expect(html.match(/data-testid="pass-holder"/g)).toHaveLength(3);
    expect(html).toContain('キッズアカウント：はなこ');
    // A pass line has no day of use: its summary says again that it cannot be cancelled after the first entry.
    expect(html).toContain('data-testid="pass-line-no-cancel"');
    expect(html).not.toContain('2026年11月28日');
  });
});
