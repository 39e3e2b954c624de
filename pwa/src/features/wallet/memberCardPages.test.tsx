// @vitest-environment jsdom
// The member card pages with fixtures (issue 29): tabs per holder, the holder's name and photo (or a placeholder),
// pass number, validity, benefits, state with the reason of a suspension, and the QR of the current term's token;
// visits; the renewal's old end → new end, price, holders and that it cannot be cancelled. ja and en.
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../../common/dto/pass';
import { memberCards } from '../../test/passFixtures';
import { renderStatic } from '../../test/renderStatic';
import { MemberCardView } from './MemberCardPage';
import { RenewalFacts } from './PassRenewPage';
import { PassVisitsTable } from './PassVisitsPage';
import { renewalView } from './passRenewal';

const TODAY = '2026-12-01';

describe('the member card', () => {
  it("shows the signed-in holder's card: name, photo, number, validity, benefits, state and the QR (ja)", async () => {
    const html = await renderStatic(<MemberCardView cards={memberCards()} today={TODAY} />);
    expect(html.match(/data-testid="holder-tab"/g)).toHaveLength(2);
    expect(html).toContain('aria-selected="true" aria-controls="holder-panel" class="member-tabs__tab"');
    expect(html).toContain('data-testid="member-name">山田 花子<');
    expect(html).toContain('src="/api/v1/me/pass-photos/ph21"');
    expect(html).toContain('P003-0000008');
    expect(html).toContain('2026年1月10日');
    expect(html).toContain('data-state="active"');
    expect(html).toContain('data-testid="ticket-qr"');
    expect(html).toContain('P003-0000008-1-T1');
    expect(html).toContain('イベント・クエストが10%オフ');
    expect(html).toContain('data-testid="pass-renew-link"');
  });

  it('a card with no photo has a placeholder; one not started says by when the first entry must come (en)', async () => {
    const [, kid] = memberCards() as [MemberCard, MemberCard];
    const notStarted: MemberCard = {
      ...kid,
      isMe: true,
      state: 'not_started',
      validFrom: null,
      validUntil: null,
      terms: [{ ...(kid.terms[0] as MemberCard['terms'][number]), validFrom: null, validUntil: '2027-03-30' }],
    };
    const html = await renderStatic(<MemberCardView cards={[notStarted]} today={TODAY} />, { locale: 'en' });
    expect(html).not.toContain('holder-tab');
    expect(html).toContain('data-testid="member-photo-none"');
    expect(html).toContain('No face photo');
    expect(html).toContain('Starts at your first entry, by');
    expect(html).toContain('data-testid="ticket-qr"');
  });

  it('a suspended card says why and shows no QR', async () => {
    const [me] = memberCards() as [MemberCard];
    const html = await renderStatic(
      <MemberCardView cards={[{ ...me, state: 'suspended', suspendedReason: '不正利用の確認中' }]} today={TODAY} />,
    );
    expect(html).toContain('利用停止中：不正利用の確認中');
    expect(html).not.toContain('data-testid="ticket-qr"');
  });
});

describe("the owner's moves on the card", () => {
  it('before the first entry: cancel the pass, and reissue the card on this phone (ja)', async () => {
    const [me] = memberCards() as [MemberCard];
    const html = await renderStatic(<MemberCardView cards={[{ ...me, cancellable: true }]} today={TODAY} />);
    expect(html).toContain('data-testid="pass-cancel"');
    expect(html).toContain('このパスポートをキャンセル');
    expect(html).not.toContain('data-testid="pass-cancel-refused"');
    expect(html).toContain('data-testid="pass-reissue"');
    expect(html).toContain('このスマホで再発行');
  });

  it('after the first entry: says it can no longer be cancelled (en); a holder who does not own it sees neither', async () => {
    const [me, kid] = memberCards() as [MemberCard, MemberCard];
    const html = await renderStatic(<MemberCardView cards={[{ ...me, cancellable: false }]} today={TODAY} />, {
      locale: 'en',
    });
    expect(html).not.toContain('data-testid="pass-cancel"');
    expect(html).toContain('An annual pass cannot be cancelled after its first entry.');
    expect(html).toContain('Reissue on this phone');
    const other = await renderStatic(
      <MemberCardView cards={[{ ...kid, ownerIsMe: false, isMe: false, cancellable: false }]} today={TODAY} />,
    );
    expect(other).not.toContain('pass-cancel');
    expect(other).not.toContain('pass-reissue');
  });
});

describe('the visits of a pass', () => {
  it('lists date, holder, park, gate and entries', async () => {
    const html = await renderStatic(
      <PassVisitsTable
        visits={[
          {
            visitTicketId: 'v1',
            date: '2026-11-03',
            parkId: 3,
            parkName: '上野動物園',
            holderId: 21,
            holderName: '山田 花子',
            firstEntryAt: '2026-11-03T00:30:00Z',
            gateName: '表門',
            entries: 2,
          },
        ]}
      />,
      { locale: 'en' },
    );
    expect(html).toContain('表門');
    expect(html).toContain('2 entries');
    expect(html).toContain('上野動物園');
  });
});

describe('the renewal', () => {
  it('continues from the old end for a term, at the sum of the holders’ prices', async () => {
    const view = renewalView(memberCards());
    expect(view).toMatchObject({ oldUntil: '2027-01-09', newUntil: '2028-01-09', price: 5000, open: true });
    expect(view?.holders).toEqual(['山田 花子', '山田 はなこ']);
    const html = await renderStatic(<RenewalFacts view={view as NonNullable<typeof view>} />);
    expect(html).toContain('2027年1月9日');
    expect(html).toContain('2028年1月9日');
    expect(html).toContain('5,000円');
    expect(html).toContain('更新した年間パスポートはキャンセルできません');
    const en = await renderStatic(<RenewalFacts view={view as NonNullable<typeof view>} />, { locale: 'en' });
    expect(en).toContain('A renewed pass cannot be cancelled');
  });

  it('is none for a holder who does not own the pass, or when none is offered', () => {
    expect(renewalView(memberCards().map((c) => ({ ...c, ownerIsMe: false })))).toBeNull();
    expect(renewalView(memberCards().map((c) => ({ ...c, renewal: null })))).toBeNull();
  });
});
