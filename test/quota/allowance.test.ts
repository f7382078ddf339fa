import { describe, expect, it } from 'vitest';
import { effectiveAllowance, type GuildSettings } from '../../src/quota/settings.ts';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const at = (userId: string, roleIds: string[]) => ({ guildId: G, userId, roleIds });

let h: QuotaHarness;
closeHarnessesAfterEach();
describe.each(BACKENDS)('quota on %s', (backend) => {
  describe('effective allowance', () => {
    it('uses the config default when the server has set nothing', async () => {
      h = await openHarness({ backend, defaults: { micros: 1 * USD, period: 'daily' } });
      expect(await h.quota.summary(at('u1', []))).toMatchObject({
        allowanceMicros: 1 * USD,
        period: 'daily',
        source: 'default',
        inFlightCap: 3,
      });
    });

    it('gives a member the highest allowance among their roles', async () => {
      h = await openHarness({ backend });
      await h.admin.setRoleAllowance(G, 'artist', 3 * USD, 'admin');
      await h.admin.setRoleAllowance(G, 'patron', 5 * USD, 'admin');
      await h.admin.setRoleAllowance(G, 'guest', 2 * USD, 'admin');
      expect(await h.quota.summary(at('u1', ['guest', 'patron', 'artist', 'no-allowance']))).toMatchObject({
        allowanceMicros: 5 * USD,
        source: 'role',
        roleId: 'patron',
      });
      expect((await h.quota.summary(at('u2', ['guest']))).allowanceMicros).toBe(2 * USD);
    });

    it('lets a role allowance below the default restrict the role', async () => {
      h = await openHarness({ backend });
      await h.admin.setRoleAllowance(G, 'muted', 0, 'admin');
      expect(await h.quota.reserve({ ...at('u1', ['muted']), model: 'img', quoteMicros: 1 })).toMatchObject({
        ok: false,
        reason: 'allowance',
        allowanceMicros: 0,
      });
    });

    it('lets a member override beat every role, even a higher one, with its own period', async () => {
      h = await openHarness({ backend });
      await h.admin.setRoleAllowance(G, 'patron', 5 * USD, 'admin');
      await h.admin.setOverride(G, 'u1', 0.5 * USD, 'monthly', 'admin');
      expect(await h.quota.summary(at('u1', ['patron']))).toMatchObject({
        allowanceMicros: 0.5 * USD,
        period: 'monthly',
        source: 'override',
      });
      await h.admin.clearOverride(G, 'u1', 'admin');
      expect((await h.quota.summary(at('u1', ['patron']))).source).toBe('role');
    });

    it('gives an override without a period, and role allowances, the default period', async () => {
      h = await openHarness({ backend });
      await h.admin.setDefault(G, 2 * USD, 'weekly', 'admin');
      await h.admin.setOverride(G, 'u1', 4 * USD, undefined, 'admin');
      await h.admin.setRoleAllowance(G, 'patron', 3 * USD, 'admin');
      expect(await h.quota.summary(at('u1', []))).toMatchObject({
        allowanceMicros: 4 * USD,
        period: 'weekly',
      });
      expect(await h.quota.summary(at('u2', ['patron']))).toMatchObject({
        allowanceMicros: 3 * USD,
        period: 'weekly',
      });
      expect(await h.quota.summary(at('u3', []))).toMatchObject({
        allowanceMicros: 2 * USD,
        period: 'weekly',
        source: 'default',
      });
    });

    it('computes the same precedence as a pure function', () => {
      const settings: GuildSettings = {
        roles: { a: 1, b: 7, c: 3 },
        overrides: { boss: { micros: 2 } },
        budgetMicros: 0,
        allowedChannels: [],
      };
      const defaults = { micros: 10, period: 'daily' as const };
      expect(effectiveAllowance(settings, defaults, 'x', ['a', 'c'])).toEqual({
        micros: 3,
        period: 'daily',
        source: 'role',
        roleId: 'c',
      });
      expect(effectiveAllowance(settings, defaults, 'boss', ['b'])).toEqual({
        micros: 2,
        period: 'daily',
        source: 'override',
      });
      expect(effectiveAllowance(settings, defaults, 'x', [])).toEqual({
        micros: 10,
        period: 'daily',
        source: 'default',
      });
    });
  });

  describe('channel allow-list', () => {
    it('allows every channel while the list is empty, then only the listed ones', async () => {
      h = await openHarness({ backend });
      expect(await h.admin.isChannelAllowed(G, 'c1')).toBe(true);
      expect(await h.admin.allowChannel(G, 'c1', 'admin')).toEqual(['c1']);
      expect(await h.admin.allowChannel(G, 'c1', 'admin')).toEqual(['c1']);
      expect(await h.admin.allowChannel(G, 'c2', 'admin')).toEqual(['c1', 'c2']);
      expect(await h.admin.isChannelAllowed(G, 'c3')).toBe(false);
      expect(await h.admin.isChannelAllowed(G, 'c2')).toBe(true);
      expect(await h.admin.removeChannel(G, 'c1', 'admin')).toEqual(['c2']);
      await h.restart();
      expect(await h.admin.listChannels(G)).toEqual(['c2']);
      await h.admin.removeChannel(G, 'c2', 'admin');
      expect(await h.admin.isChannelAllowed(G, 'c3')).toBe(true);
    });
  });

  describe('settings audit', () => {
    it('records who changed which setting, newest first, and keeps it across a restart', async () => {
      h = await openHarness({ backend });
      await h.admin.setDefault(G, 2 * USD, 'weekly', 'admin-1');
      await h.admin.setBudget(G, 10 * USD, 'admin-2');
      await h.restart();
      const audit = await h.admin.auditLog(G);
      expect(audit.map((a) => [a.action, a.by, a.detail])).toEqual([
        ['set-budget', 'admin-2', { micros: 10 * USD }],
        ['set-default', 'admin-1', { micros: 2 * USD, period: 'weekly' }],
      ]);
      expect(await h.admin.getSettings(G)).toMatchObject({
        default: { micros: 2 * USD, period: 'weekly' },
        budgetMicros: 10 * USD,
      });
    });
  });
});
