/** A moderation log line as its moderators read it: one line, member text escaped, within Discord's 2,000 characters. */
import { describe, expect, it } from 'vitest';
import { renderModerationLine } from '../../src/discord/views/moderation-line.ts';
import { english, localizer } from '../../src/i18n/index.ts';
import type { ModerationLine } from '../../src/jobs/moderation-log.ts';

const line = (over: Partial<ModerationLine> = {}): ModerationLine => ({
  kind: 'generation',
  guildId: '1',
  userId: '2',
  channelId: '3',
  messageId: '4',
  type: 'video',
  modelLabel: 'Orbit 2',
  priceMicros: 1_250_000,
  prompt: 'a fox',
  ageRestricted: false,
  at: 0,
  ...over,
});

describe('a moderation log line', () => {
  it('names who, where, the model and the price, and shows the prompt as typed', () => {
    expect(renderModerationLine(line(), english)).toBe(
      '🎬 <@2> · https://discord.com/channels/1/3/4 · Orbit 2 · $1.25 · a fox',
    );
  });

  it('escapes markdown, links and mentions-as-text, and keeps to one line', () => {
    const text = renderModerationLine(
      line({ prompt: '# big\n[free nitro](https://x.example) ||secret|| `code`' }),
      english,
    );
    expect(text).not.toContain('\n');
    expect(text).toContain('\\# big \\[free nitro\\](https://x.example) \\|\\|secret\\|\\| \\`code\\`');
  });

  it('hides a prompt from an age-restricted channel behind one spoiler that its own bars cannot close', () => {
    const text = renderModerationLine(line({ ageRestricted: true, prompt: 'a || b' }), english);
    expect(text.endsWith(' · ||a \\|\\| b||')).toBe(true);
  });

  it('cuts a long prompt to fit Discord’s 2,000 characters, spoiler and all', () => {
    for (const ageRestricted of [false, true]) {
      const text = renderModerationLine(line({ ageRestricted, prompt: '*'.repeat(4000) }), english);
      expect(text.length).toBeLessThanOrEqual(2000);
      expect(text).toContain('…');
      if (ageRestricted) expect(text.endsWith('…||')).toBe(true);
    }
  });

  it('speaks the server’s language, the refusal naming no price', () => {
    const refused = renderModerationLine(
      line({ kind: 'refusal', messageId: null, priceMicros: undefined }),
      localizer('de'),
    );
    expect(refused).toBe(
      '⛔ <@2> · <#3> · Orbit 2 · von den Prompt-Regeln abgelehnt, nichts gesendet · a fox',
    );
  });
});
