// Catalogue end to end: ticket search by date, an item, its park, an animal, a story liked and found in the library.
import { expect, type Page, test } from '@playwright/test';
import { addDays, tokyoDate } from '../common/time';
import { signInNewUser } from './support/accounts';

async function addDates(page: Page, dates: string[]) {
  const picker = page.getByTestId('date-picker');
  for (const date of dates) {
    await picker.locator('input[type=date]').fill(date);
    await page.getByTestId('add-date').click();
  }
}

const labels = {
  ja: { dateTab: '日付で選ぶ', search: 'この条件でさがす', like: 'いいね', library: 'いいねしたストーリー' },
  en: { dateTab: 'By date', search: 'Search', like: 'Like', library: 'Liked stories' },
} as const;

for (const lang of ['ja', 'en'] as const) {
  test(`tickets by several dates -> item -> park -> animal -> story liked and kept in the library (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const L = labels[lang];
    await context.addCookies([{ name: 'locale', value: lang, url: baseURL as string }]);
    await page.goto('/');
    await signInNewUser(page);

    await page.goto('/find/tickets');
    await page.getByTestId('ticket-tabs').getByText(L.dateTab, { exact: true }).click();
    const today = tokyoDate();
    const dates = [addDays(today, 14), addDays(today, 15), addDays(today, 16)];
    await addDates(page, dates);
    await page.getByRole('button', { name: L.search, exact: true }).click();
    await expect(page).toHaveURL(/\/find\/tickets\/result\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('tab')).toBe('date');
    for (const d of dates) expect(url.toString()).toContain(d);
    const cards = page.getByTestId('item-card');
    await expect(cards.first()).toBeVisible();

    await cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/items\/\d+$/);
    await expect(page.getByTestId('item-page')).toBeVisible();
    await expect(page.getByTestId('item-prices')).toBeVisible();
    const itemName = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await page.getByTestId('favorite-button').click();
    await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');

    const parkLink = page.locator('a[href^="/profile/park/"]').first();
    await parkLink.click();
    await expect(page).toHaveURL(/\/profile\/park\/\d+$/);
    await expect(page.getByTestId('park-profile')).toBeVisible();

    const animal = page.getByTestId('park-animals').locator('a').first();
    await expect(animal).toBeVisible();
    await animal.click();
    await expect(page).toHaveURL(/\/profile\/park-living-thing\/\d+$/);
    await expect(page.getByTestId('park-living-thing-profile')).toBeVisible();

    // A story: the park animal's own stories, else the park's latest ones.
    await page.goBack();
    const story = page.locator('a[href^="/story/"]').first();
    await expect(story).toBeVisible();
    await story.click();
    await expect(page).toHaveURL(/\/story\/\d+$/);
    const storyTitle = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/me/library');
    const liked = page.getByTestId('liked-stories');
    await expect(liked.getByRole('heading', { name: new RegExp(L.library) })).toBeVisible();
    await expect(liked).toContainText(storyTitle);
    await expect(page.getByTestId('favorites')).toContainText(itemName);
  });
}

test('an 11th date is refused with a message', async ({ page }) => {
  await page.goto('/find/tickets');
  await page.getByTestId('ticket-tabs').getByText('日付で選ぶ', { exact: true }).click();
  const today = tokyoDate();
  await addDates(
    page,
    Array.from({ length: 10 }, (_, i) => addDays(today, i + 1)),
  );
  await addDates(page, [addDays(today, 20)]);
  await expect(page.getByTestId('date-picker')).toContainText('日付は10件まで選択できます');
  await expect(page.getByTestId('date-picker')).toContainText('10 / 10件');
});
