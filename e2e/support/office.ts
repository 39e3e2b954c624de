// The back office as the demo owner (office@staff.zoopass.jp, the owner of every seeded park) uses it.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type ApiUser, apiStaff, signInPage } from './accounts';

export const OFFICE_OWNER = 'office@staff.zoopass.jp';

/** Signs the page in as the demo owner; the account, for API calls of the spec. */
export async function signInOffice(page: Page, request: APIRequestContext): Promise<ApiUser> {
  const owner = await apiStaff(request, OFFICE_OWNER);
  await signInPage(page, owner);
  return owner;
}

/**
 * A single-holder pass of the park made by its owner through the office API and put on sale (sale label 4); the
 * pass's item id. `overrides` changes the product's fields (validity, prices, renewal…).
 */
export async function createPassProduct(
  request: APIRequestContext,
  owner: ApiUser,
  parkId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const stamp = Date.now().toString(36);
  const created = await request.post(`/api/v1/staff/parks/${parkId}/pass-products`, {
    headers,
    data: {
      name_ja: `年間パス ${stamp}`,
      name_en: `Annual pass ${stamp}`,
      description_ja: '1年間、何度でも入園できます。',
      kind: 'single',
      max_holders: 1,
      validity_days: 365,
      validity_start: 'purchase',
      start_within_days: 30,
      prices: [{ age_group_id: 5, unit_kind: 'basic', price: 4000 }],
      renewal: null,
      discount_percent: 0,
      discount_categories: [],
      guest_vouchers: 0,
      reentry: false,
      cancel_rate_percent: 0,
      park_ids: [parkId],
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemId = ((await created.json()) as { data: { itemId: number } }).data.itemId;
  const onSale = await request.post(`/api/v1/staff/parks/${parkId}/items/${itemId}/sale-label`, {
    headers,
    data: { sale_label: 4 },
  });
  expect(onSale.status(), await onSale.text()).toBe(200);
  return itemId;
}
