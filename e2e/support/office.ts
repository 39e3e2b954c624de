// The back office as the demo owner (office@staff.zoopass.jp, the owner of every seeded park) uses it.
import type { APIRequestContext, Page } from '@playwright/test';
import { type ApiUser, apiStaff, signInPage } from './accounts';

export const OFFICE_OWNER = 'office@staff.zoopass.jp';

/** Signs the page in as the demo owner; the account, for API calls of the spec. */
export async function signInOffice(page: Page, request: APIRequestContext): Promise<ApiUser> {
  const owner = await apiStaff(request, OFFICE_OWNER);
  await signInPage(page, owner);
  return owner;
}
