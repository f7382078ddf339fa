/**
 * Taking back what an admin's change made of the settings, where the settings still hold it: a
 * change made after it (its admin told it succeeded) keeps its own part, field by field, entry by
 * entry, and member by member of the channel allow-list.
 */
import { describe, expect, it } from 'vitest';
import type { GuildSettings } from '../../src/quota/settings.ts';
import { revertChange } from '../../src/quota/settle-change.ts';

const settings = (over: Partial<GuildSettings> = {}): GuildSettings => ({
  roles: {},
  overrides: {},
  budgetMicros: 0,
  allowedChannels: [],
  ...over,
});

/** `change` applied to a copy of `before`, as the settings store applies it. */
function made(before: GuildSettings, change: (s: GuildSettings) => void): GuildSettings {
  const after = structuredClone(before);
  change(after);
  return after;
}

describe('revertChange', () => {
  it('puts back what the change made when nothing came after it', () => {
    const before = settings({ overrides: { bob: { micros: 1 } }, budgetMicros: 5 });
    const after = made(before, (s) => {
      s.overrides.alice = { micros: 7 };
      s.budgetMicros = 9;
    });
    const current = structuredClone(after);
    revertChange(current, before, after);
    expect(current).toEqual(before);
  });

  it('keeps what a later change made of the same settings', () => {
    const before = settings({ overrides: { alice: { micros: 2 } }, roles: { r1: 3 } });
    const after = made(before, (s) => {
      s.overrides.alice = { micros: 7 };
      s.roles.r1 = 4;
      s.default = { micros: 10, period: 'weekly' };
    });
    // Later: another admin sets Alice's allowance again and a budget; the role's stays the change's.
    const current = made(after, (s) => {
      s.overrides.alice = { micros: 9 };
      s.budgetMicros = 50;
    });
    revertChange(current, before, after);
    expect(current).toEqual(
      settings({ overrides: { alice: { micros: 9 } }, roles: { r1: 3 }, budgetMicros: 50 }),
    );
  });

  it('takes a channel back off the allow-list, and back onto it, without touching the others', () => {
    const before = settings({ allowedChannels: ['a', 'b'] });
    const after = made(before, (s) => {
      s.allowedChannels = ['b', 'c'];
    });
    const current = made(after, (s) => {
      s.allowedChannels.push('d');
    });
    revertChange(current, before, after);
    expect(current.allowedChannels.sort()).toEqual(['a', 'b', 'd']);
  });

  it('takes back a field the change set, and keeps one a later change set again after the change cleared it', () => {
    const before = settings({ alertChannelId: 'x' });
    const after = made(before, (s) => {
      delete s.alertChannelId;
      s.confirmAboveMicros = 100;
    });
    const current = made(after, (s) => {
      s.alertChannelId = 'y';
    });
    revertChange(current, before, after);
    expect(current).toEqual(settings({ alertChannelId: 'y' }));
  });
});
