/**
 * /quota prompts add|remove|list: the words and phrases this server does not allow in a prompt
 * (quota/prompt-rules.ts). The list is the admins': shown here and on the dashboard, never to a
 * member refused by it.
 */
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import type { Localizer } from '../../../src/i18n/index.ts';
import { MAX_PATTERNS, normalizePattern } from '../../../src/quota/prompt-rules.ts';
import type { SubcommandHandler } from '../definition.ts';

/** What the list may show of the rules and still fit one message (Discord's 2,000 characters). */
const LIST_CHARACTERS = 1_700;

export const prompts: SubcommandHandler<'prompts'> = async (i, a, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const listed = (await quotaAdmin.getSettings(i.guildId)).promptPatterns ?? [];
  if (a.subcommand === 'list') return { content: describeList(l, listed) };
  const normal = normalizePattern(a.args.pattern);
  if ('refused' in normal) {
    const why = { empty: 'empty', 'too-long': 'tooLong', star: 'star' } as const;
    throw new UserError(l.t(`quota:prompts.${why[normal.refused]}`, { max: MAX_PATTERNS }));
  }
  const { pattern } = normal;
  if (a.subcommand === 'add') {
    if (!listed.includes(pattern) && listed.length >= MAX_PATTERNS) {
      throw new UserError(l.t('quota:prompts.full', { max: MAX_PATTERNS }));
    }
    const list = await quotaAdmin.addPromptPattern(i.guildId, pattern, i.user.id);
    return { content: l.t('quota:prompts.added', { pattern, n: list.length, max: MAX_PATTERNS }) };
  }
  if (!listed.includes(pattern)) return { content: l.t('quota:prompts.notListed', { pattern }) };
  const list = await quotaAdmin.removePromptPattern(i.guildId, pattern, i.user.id);
  return { content: l.t('quota:prompts.removed', { pattern, n: list.length, max: MAX_PATTERNS }) };
};

/** The rules, quoted, as many as fit one message, with how many more there are. */
function describeList(l: Localizer, patterns: readonly string[]): string {
  if (patterns.length === 0) return l.t('quota:prompts.none');
  const shown: string[] = [];
  let length = 0;
  for (const p of patterns) {
    const quoted = `\`${p}\``;
    if (length + quoted.length + 2 > LIST_CHARACTERS) break;
    shown.push(quoted);
    length += quoted.length + 2;
  }
  const more = patterns.length - shown.length;
  return [
    l.t('quota:prompts.list', { n: patterns.length, max: MAX_PATTERNS, patterns: shown.join(', ') }),
    ...(more > 0 ? [l.t('quota:more', { count: more })] : []),
  ].join('\n');
}
