/**
 * The dashboard's forms read as /quota reads its options: the same amounts refused with the same
 * words, a channel or role only among those the server has, `was` required where a value is
 * replaced; and the audit log's and the notices' words for a rule's value.
 */
import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import type { ServerDirectory } from '../../src/results/server-access.ts';
import { readRuleForm } from '../../src/web/rule-forms.ts';
import { namesOf, ruleValueText } from '../../src/web/views/admin-bits.ts';
import { usdInput } from '../../src/web/views/rules-forms.ts';

const GUILD = '100000000000000001';
const ART = '100000000000000010';
const VOICE = '100000000000000011';
const PATRONS = '100000000000000020';
const BOTROLE = '100000000000000021';
const directory: ServerDirectory = {
  channels: [
    { id: ART, name: 'art', kind: 'text', category: null, position: 0 },
    { id: VOICE, name: 'lounge', kind: 'voice', category: null, position: 1 },
  ],
  roles: [
    { id: PATRONS, name: 'patrons', managed: false },
    { id: BOTROLE, name: 'Some Bot', managed: true },
  ],
};
const ctx = { guildId: GUILD, directory };
const was = (value: unknown) => JSON.stringify(value);

describe('a rule form read as a change', () => {
  it('reads the default allowance with its period and the value the page showed', () => {
    const read = readRuleForm(
      'default',
      { usd: '2.5', period: 'weekly', was: was({ micros: 1_000_000, period: 'daily' }) },
      english,
      ctx,
    );
    expect(read).toEqual({
      change: { rule: 'default', micros: 2_500_000, period: 'weekly' },
      expect: { micros: 1_000_000, period: 'daily' },
    });
  });

  it.each([
    ['-1', "can't be negative"],
    ['1.23456', 'at most 4 decimals'],
    ['abc', 'at most 4 decimals'],
    ['10000.0001', 'at most $10,000.00'],
  ])('refuses the amount %s in /quota’s words', (usd, words) => {
    const read = readRuleForm('budget', { usd, was: '0' }, english, ctx);
    expect('refused' in read && read.refused).toContain(words);
  });

  it('refuses a form without the value its page showed: an older page', () => {
    const read = readRuleForm('budget', { usd: '5' }, english, ctx);
    expect(read).toEqual({ refused: english.t('web:admin.refused.expired') });
  });

  it('takes a role only among the server’s own, never @everyone nor an integration’s', () => {
    expect(readRuleForm('role', { role: PATRONS, usd: '3', was: 'null' }, english, ctx)).toEqual({
      change: { rule: 'role', roleId: PATRONS, micros: 3_000_000 },
      expect: null,
    });
    for (const role of [GUILD, BOTROLE, '100000000000000099', 'x']) {
      expect('refused' in readRuleForm('role', { role, usd: '3', was: 'null' }, english, ctx)).toBe(true);
    }
  });

  it('posts alerts only to a text channel the server has, or nowhere', () => {
    const at = readRuleForm('alerts', { channel: ART, below: '5', was: 'null' }, english, ctx);
    expect('change' in at && at.change).toEqual({ rule: 'alerts', channelId: ART, belowMicros: 5_000_000 });
    const off = readRuleForm('alerts', { channel: '', below: '5', was: 'null' }, english, ctx);
    expect('change' in off && off.change).toEqual({
      rule: 'alerts',
      channelId: null,
      belowMicros: 5_000_000,
    });
    expect(
      'refused' in readRuleForm('alerts', { channel: VOICE, below: '5', was: 'null' }, english, ctx),
    ).toBe(true);
  });

  it('allows a channel the server has, and removes any listed id, with no `was`', () => {
    expect(readRuleForm('channel-allow', { channel: VOICE }, english, ctx)).toEqual({
      change: { rule: 'channel-allow', channelId: VOICE },
      expect: undefined,
    });
    expect('refused' in readRuleForm('channel-allow', { channel: '1000000000000000999' }, english, ctx)).toBe(
      true,
    );
    expect('change' in readRuleForm('channel-remove', { channel: '1000000000000000999' }, english, ctx)).toBe(
      true,
    );
  });

  it('reads a member’s own allowance with or without a period of its own', () => {
    const member = '100000000000000030';
    expect(readRuleForm('override', { member, usd: '4', period: '', was: 'null' }, english, ctx)).toEqual({
      change: { rule: 'override', userId: member, micros: 4_000_000, period: undefined },
      expect: null,
    });
    const monthly = readRuleForm(
      'override',
      { member, usd: '4', period: 'monthly', was: 'null' },
      english,
      ctx,
    );
    expect('change' in monthly && monthly.change).toMatchObject({ period: 'monthly' });
    expect(
      'refused' in
        readRuleForm('override', { member, usd: '4', period: 'yearly', was: 'null' }, english, ctx),
    ).toBe(true);
    expect('refused' in readRuleForm('override', { member: 'me', usd: '4', was: 'null' }, english, ctx)).toBe(
      true,
    );
  });
});

describe('a prompt rule typed on the dashboard', () => {
  it('is kept folded, and refused with why when it cannot be one', () => {
    expect(readRuleForm('prompt-add', { pattern: ' Ñandú  Rojo* ' }, english, ctx)).toEqual({
      change: { rule: 'prompt-add', pattern: 'nandu rojo*' },
      expect: undefined,
    });
    expect(readRuleForm('prompt-add', { pattern: 'f*x' }, english, ctx)).toEqual({
      refused: english.t('web:admin.refused.promptStar'),
    });
    expect(readRuleForm('prompt-add', { pattern: '  ' }, english, ctx)).toEqual({
      refused: english.t('web:admin.refused.promptEmpty'),
    });
    expect(readRuleForm('prompt-add', { pattern: 'x'.repeat(101) }, english, ctx)).toEqual({
      refused: english.t('web:admin.refused.promptTooLong'),
    });
  });
});

describe('a rule’s value in words', () => {
  const names = namesOf(directory, english, new Map([['100000000000000030', 'alice']]));
  it('names channels, roles and amounts as the page shows them', () => {
    expect(ruleValueText(english, { kind: 'channels' }, [ART], names, 'daily')).toBe('#art');
    expect(ruleValueText(english, { kind: 'channels' }, [], names, 'daily')).toBe('any channel');
    expect(ruleValueText(english, { kind: 'budget' }, 0, names, 'daily')).toBe('none');
    expect(ruleValueText(english, { kind: 'budget' }, 20_000_000, names, 'weekly')).toBe('$20.00 per week');
    expect(ruleValueText(english, { kind: 'confirm' }, 0, names, 'daily')).toBe('never');
    expect(ruleValueText(english, { kind: 'role', roleId: PATRONS }, null, names, 'daily')).toBe('none');
    expect(
      ruleValueText(english, { kind: 'alerts' }, { channelId: ART, belowMicros: 5_000_000 }, names, 'daily'),
    ).toBe('#art, balance below $5.00');
    expect(
      ruleValueText(
        english,
        { kind: 'override', userId: '100000000000000030' },
        { micros: 2_000_000 },
        names,
        'daily',
      ),
    ).toBe('$2.00 per the default period');
    expect(names.channel('1000000000000000999')).toContain('cannot see');
    expect(ruleValueText(english, { kind: 'prompts' }, ['nandu', 'dark wiz*'], names, 'daily')).toBe(
      '“nandu”, “dark wiz*”',
    );
    expect(ruleValueText(english, { kind: 'prompts' }, [], names, 'daily')).toBe('none');
  });

  it('writes an amount back as an admin would type it', () => {
    expect(usdInput(2_500_000)).toBe('2.50');
    expect(usdInput(3_500)).toBe('0.0035');
    expect(usdInput(0)).toBe('0.00');
    expect(usdInput(10_000_000_000)).toBe('10000.00');
    expect(usdInput(1_230_000)).toBe('1.23');
    expect(usdInput(1_234_500)).toBe('1.2345');
  });
});
