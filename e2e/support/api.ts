import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** A bearer token for preparing data through the API, as another device of `account`. */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/v1/login', {
    data: { email: account.email, password: account.password },
    headers: { 'Device-Id': randomUUID() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token as string;
}
