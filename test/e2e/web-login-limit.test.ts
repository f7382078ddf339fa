/** Logins are limited per client address: a flood of /login from one address is answered 429. */
import { expect, it } from 'vitest';
import { LOGINS_PER_WINDOW } from '../../src/web/login-limit.ts';
import { useHarness } from '../support/bot-harness.ts';

const h = useHarness({ web: true });

it('answers 429 past the limit of logins from one address, and starts no login for it', async () => {
  const site = h.bot.web?.publicUrl ?? '';
  const statuses: number[] = [];
  for (let i = 0; i <= LOGINS_PER_WINDOW; i++) {
    const response = await fetch(`${site}/login`, { redirect: 'manual' });
    statuses.push(response.status);
    if (response.status === 429) {
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  }
  expect(statuses.slice(0, LOGINS_PER_WINDOW).every((s) => s === 302)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});
