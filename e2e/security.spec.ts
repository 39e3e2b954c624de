import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

/** Every Content-Security-Policy violation the page reports, collected from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("the served index.html's inline scripts (the boot scripts as built) are each named by the policy, and run", async ({
  page,
  request,
}) => {
  for (const path of ['/', '/my-tickets', '/items/1']) {
    const res = await request.get(path);
    const html = await res.text();
    const allowed = /script-src ([^;]*)/.exec(res.headers()['content-security-policy'] ?? '')?.[1]?.split(' ') ?? [];
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(` ${m[1]}`),
    );
    // The head's and the body's boot scripts (pwa/src/boot), and no placeholder left.
    expect(inline, path).toHaveLength(2);
    expect(html).not.toContain('data-boot');
    for (const [, , code] of inline) {
      const hash = createHash('sha256')
        .update(code ?? '', 'utf8')
        .digest('base64');
      expect(allowed, path).toContain(`'sha256-${hash}'`);
    }
  }
  const violations = await watchViolations(page);
  await page.goto('/find/parks');
  const ran = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return [typeof w.zoopassEarlyReads, typeof w.zoopassWalletRead];
  });
  expect(ran).toEqual(['object', 'function']);
  expect(await violations()).toEqual([]);
});

test('the app runs under its Content-Security-Policy, and an injected inline script is refused', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  // 'wasm-unsafe-eval' lets the gate scanner's QR decoder (WebAssembly, our own file) compile; JavaScript eval stays off.
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/script-src[^;]*[^-]'unsafe-eval'/);
  expect(res?.headers()['permissions-policy']).toContain('camera=(self)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('いきものに会いに行こう');
  await expect(page.getByTestId('home-park').first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // Pictures, the park search, a park page, the sign-in form with its bot check: nothing refused on the way.
  await page.getByRole('link', { name: '施設をさがす' }).first().click();
  await expect(page).toHaveURL(/\/find\/parks$/);
  await page.goto('/find/parks/result?region_id=3&prefecture_id=13');
  await page.getByTestId('park-card').first().click();
  await expect(page).toHaveURL(/\/profile\/park\/\d+$/);
  await page.goto('/signin');
  await expect(page.getByLabel('私はロボットではありません')).toBeVisible();
  expect(await violations()).toEqual([]);

  // What an attacker's markup would do: an inline script not named in the policy does not run.
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(`refused by ${e.violatedDirective}`), {
          once: true,
        });
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        setTimeout(() => resolve((window as unknown as { injected?: boolean }).injected ? 'ran' : 'silent'), 2000);
      }),
  );
  expect(outcome).toMatch(/^refused by script-src/);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
