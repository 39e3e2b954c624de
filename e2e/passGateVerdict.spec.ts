// A member card's verdict at the gate, seen (issue 29, README 2.8): the seeded gate account syncs its park, then the
// device's holder list gets a family pass's holders with photo thumbnails (written into the wallet database as a sync
// stores them: the server's ledger does not issue passes yet), and the pass numbers are typed at the scanner with
// no network. The verdict shows the holder's photo at least 240 CSS px wide, marked 未確認/Unreviewed while pending,
// the name at least 28 px, and a suspension's reason; in ja and en at 390 px. Screenshots: test-results/passGate.
import { expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { gatePhone, staffToken } from './support/gate';

const SHOTS = 'test-results/passGate';

test.use({ serviceWorkers: 'allow' });

/**
 * Holders of a family pass as a sync stores them (db/gatePasses.ts), each with a 96 px WebP thumbnail drawn here
 * (a face-like picture: the seeds have no photos of people).
 */
async function storeHolders(page: Page, parkId: number) {
  const today = tokyoDate();
  await page.evaluate(
    async ({ parkId, validFrom, validUntil }) => {
      const face = async (skin: string, hair: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 96;
        canvas.height = 96;
        const g = canvas.getContext('2d') as CanvasRenderingContext2D;
        const bg = g.createLinearGradient(0, 0, 0, 96);
        bg.addColorStop(0, '#bcd4e6');
        bg.addColorStop(1, '#7f9fb8');
        g.fillStyle = bg;
        g.fillRect(0, 0, 96, 96);
        g.fillStyle = '#35506b';
        g.beginPath();
        g.ellipse(48, 104, 40, 30, 0, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = skin;
        g.beginPath();
        g.ellipse(48, 48, 22, 27, 0, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = hair;
        g.beginPath();
        g.ellipse(48, 30, 25, 15, 0, Math.PI, Math.PI * 2);
        g.fill();
        g.fillStyle = '#222';
        for (const x of [40, 56]) {
          g.beginPath();
          g.arc(x, 47, 2.5, 0, Math.PI * 2);
          g.fill();
        }
        g.strokeStyle = '#8a3b30';
        g.lineWidth = 2;
        g.beginPath();
        g.arc(48, 58, 7, 0.15 * Math.PI, 0.85 * Math.PI);
        g.stroke();
        return new Promise<Blob>((done) => canvas.toBlob((b) => done(b as Blob), 'image/webp', 0.55));
      };
      const holder = (holderId: number, name: string, over: Record<string, unknown> = {}) => ({
        holderId,
        passId: 900,
        passNumber: 'P001-0000900',
        position: holderId - 900,
        name,
        ageGroupName: '大人',
        unitKind: 'basic',
        parkIds: [parkId],
        termTicketIds: [`00000000-0000-4000-8000-00000000${holderId}`],
        liveJtis: [],
        state: 'active',
        suspendedReason: null,
        validFrom,
        validUntil,
        startBy: validUntil,
        maxEntries: 1,
        photoId: `photo-${holderId}`,
        photoState: 'approved',
        parkId,
        thumbDropped: false,
        ...over,
      });
      const rows = [
        holder(901, '動物 花子', { photoState: 'pending' }),
        holder(902, '動物 太郎'),
        holder(903, '動物 ひなた', { state: 'suspended', suspendedReason: '写真と本人の確認中' }),
      ];
      const thumbs = [
        { photoId: 'photo-901', holderId: 901, blob: await face('#f1c7a5', '#3b2a1e') },
        { photoId: 'photo-902', holderId: 902, blob: await face('#e0b08c', '#1e1e1e') },
        { photoId: 'photo-903', holderId: 903, blob: await face('#f6d3b8', '#6b3d1f') },
      ];
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('zoopass-wallet');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      await new Promise<void>((ok, fail) => {
        const tx = db.transaction(['gatePassHolders', 'gatePassThumbs'], 'readwrite');
        for (const r of rows) tx.objectStore('gatePassHolders').put(r);
        for (const t of thumbs) tx.objectStore('gatePassThumbs').put(t);
        tx.oncomplete = () => ok();
        tx.onerror = () => fail(tx.error);
      });
      db.close();
    },
    { parkId, validFrom: addDays(today, -30), validUntil: addDays(today, 334) },
  );
}

async function typeNumber(page: Page, number: string) {
  await page.getByTestId('gate-number').fill(number);
  await page.getByTestId('gate-number-submit').click();
  await expect(page.getByTestId('gate-verdict')).toBeVisible();
}

for (const language of ['ja', 'en'] as const) {
  test(`a member card's verdict shows the holder's photo and name large (${language}, 390 px)`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const token = await staffToken(request);
    const { context, page, parkId } = await gatePhone(browser, baseURL as string, token, undefined, language);
    await storeHolders(page, parkId);
    await page.goto(`/staff/scan?park=${parkId}`);
    await expect(page.getByTestId('gate-scanner')).toBeVisible();
    await context.setOffline(true);

    await typeNumber(page, 'P001-0000900-1');
    const verdict = page.getByTestId('gate-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'admit');
    const photo = page.getByTestId('gate-pass-photo');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    expect((await photo.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
    const name = page.getByTestId('gate-pass-name');
    await expect(name).toHaveText('動物 花子');
    expect(await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
    await expect(page.getByTestId('gate-pass-unreviewed')).toHaveText(language === 'ja' ? '未確認' : 'Unreviewed');
    await expect(page.getByTestId('gate-verdict-ticket')).toContainText('P001-0000900-1');
    await page.screenshot({ path: `${SHOTS}/admit-${language}-390.png` });
    await page.getByTestId('gate-next').click();

    // The same holder again today: already used (one entry a day), still with the face.
    await typeNumber(page, 'P001-0000900-1');
    await expect(verdict).toHaveAttribute('data-verdict', 'used');
    await expect(page.getByTestId('gate-pass-name')).toHaveText('動物 花子');
    await page.getByTestId('gate-next').click();

    // Suspended: red, with the reason in both languages.
    await typeNumber(page, 'P001-0000900-3');
    await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
    await expect(page.getByTestId('gate-verdict-detail')).toHaveAttribute('data-reason', 'suspended');
    await expect(page.getByTestId('gate-verdict-detail')).toContainText('写真と本人の確認中');
    await expect(page.getByTestId('gate-pass-photo')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/suspended-${language}-390.png` });
    await context.close();
  });
}
