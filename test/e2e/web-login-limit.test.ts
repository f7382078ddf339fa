/** Limits of the web side: logins per client address (429 past the limit), and the size of a POST body (413). */
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

it('does not read a POST body larger than any of its forms (413), before the form token is looked at', async () => {
  const site = h.bot.web?.publicUrl ?? '';
  const response = await fetch(`${site}/logout`, {
    method: 'POST',
    headers: { origin: new URL(site).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: `_csrf=${'x'.repeat(64 * 1024)}`,
    redirect: 'manual',
  });
  expect(response.status).toBe(413);
});
