// Runs last (Playwright takes spec files in name order): after every other browser test has bought, paid, cancelled,
// refunded, entered lotteries and scanned, the reconciliation sweep finds nothing wrong in any park's books (issue 25):
// every payment ended fulfilled or given back, every order's money, coins and coupon add up, every ticket sold was
// issued. Each park's finance account reads the list; one park's report page shows it empty, at 390 px.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiStaff, signInPage } from './support/accounts';
import { runJobsAt } from './support/jobs';

mkdirSync('screenshots-office', { recursive: true });

const financeOf = (request: APIRequestContext, slug: string) => apiStaff(request, `finance.${slug}@staff.zoopass.jp`);

test('after the whole suite, the reconciliation finds nothing wrong in any park', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Past the sweep's grace period, so that everything the suite did is looked at.
  await runJobsAt(request, new Date(Date.now() + 15 * 60_000));
  const parks = (
    (await (await request.get('/api/v1/parks?per_page=100')).json()) as { data: { id: number; slug: string }[] }
  ).data;
  expect(parks.length).toBeGreaterThan(0);
  for (const park of parks) {
    const finance = await financeOf(request, park.slug);
    const res = await request.get(`/api/v1/staff/parks/${park.id}/reconciliation`, {
      headers: { Authorization: `Bearer ${finance.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const findings = ((await res.json()) as { data: unknown[] }).data;
    expect(findings, `${park.slug}: ${JSON.stringify(findings)}`).toEqual([]);
  }

  const first = parks[0] as { id: number; slug: string };
  await signInPage(page, await financeOf(request, first.slug));
  await page.goto(`/staff/office/${first.id}/reports`);
  await expect(page.getByTestId('reconciliation-empty')).toBeVisible();
  await page.screenshot({ path: 'screenshots-office/reconciliation-390.png', fullPage: true });
});
