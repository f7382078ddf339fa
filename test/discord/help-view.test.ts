import { ApplicationCommandType, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../../commands/index.ts';
import { CUSTOM_ID_VERSION, parseCustomId } from '../../src/discord/interactions/custom-ids.ts';
import { type HelpAllowance, isAdminCommand, renderHelp } from '../../src/discord/views/help-view.ts';
import { english, LANGUAGES, type Localizer, localizerOf } from '../../src/i18n/index.ts';
import type { MemberSummary } from '../../src/quota/types.ts';
import { componentsOf } from '../support/message-reading.ts';

// The English texts expected below, read from the bot's texts themselves.
const ADMIN_TITLE = english.t('help:adminTitle');

const SUMMARY: MemberSummary = {
  guildId: '1300000000000000001',
  userId: '1300000000000000011',
  allowanceMicros: 2_500_000,
  spentMicros: 120_000,
  reservedMicros: 0,
  remainingMicros: 2_380_000,
  resetsAt: new Date('2026-11-27T00:00:00Z'),
  period: 'daily',
  source: 'override',
  inFlight: 0,
  inFlightCap: 3,
  recent: [],
};

const definitions = commands.map((c) => c.data);
const menus = messageCommands.map((c) => c.data);

function render(
  admin: boolean,
  allowance: HelpAllowance = { summary: SUMMARY },
  list: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = definitions,
  l: Localizer = english,
) {
  const view = renderHelp({ commands: list, messageCommands: menus, admin, allowance }, l);
  return {
    embeds: view.embeds.map((e) => e.toJSON()),
    components: view.components.map((c) => c.toJSON()),
  };
}

const allText = (view: ReturnType<typeof render>) =>
  view.embeds
    .flatMap((e) => [e.title, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`)])
    .join('\n');

describe('/help’s view', () => {
  it('lists every registered command for an admin, and hides the admin-only ones from members', () => {
    const admin = allText(render(true));
    const member = allText(render(false));
    for (const d of definitions) {
      expect(admin, d.name).toContain(`\`/${d.name}`);
      if (isAdminCommand(d)) expect(member, d.name).not.toContain(`/${d.name}`);
      else expect(member, d.name).toContain(`\`/${d.name}`);
    }
    for (const m of menus) expect(member).toContain(`**${m.name}**`);
    expect(render(false).embeds.map((e) => e.title)).not.toContain(ADMIN_TITLE);
  });

  it('shows a command of subcommands on one line, with the subcommands by name', () => {
    const member = allText(render(false));
    expect(member).toContain(
      "`/video-pro motion|orbit|vista|omni|quick` · Create a video with a model family's own options",
    );
  });

  it('shows the allowance, what is left and when it resets', () => {
    const fields = render(false).embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'Your allowance')?.value.split('\n')).toEqual([
      '$2.50 per day (their own allowance)',
      '$2.38 left · spent today $0.12',
      `Resets <t:${Date.parse('2026-11-27T00:00:00Z') / 1000}:R> (<t:${Date.parse('2026-11-27T00:00:00Z') / 1000}:f>)`,
      'Your spend and last generations: /usage, or **My usage** below.',
    ]);
    expect(fields.find((f) => f.name === 'How quotas work')?.value).toContain(
      'at most 3 generations in progress at once',
    );
  });

  it('says when the allowance could not be read, and still gives everything else', () => {
    const view = render(true, { unreadable: 'abcd1234' });
    const fields = view.embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'Your allowance')?.value).toContain('error id `abcd1234`');
    expect(fields.find((f) => f.name === 'How quotas work')?.value).not.toContain('in progress at once');
    expect(view.embeds).toHaveLength(2);
    expect(view.components).toHaveLength(1);
  });

  it('mentions several takes only when a command takes a `count`, with its range from the definition', () => {
    // The bot's own /imagine and /video take `count` (option-builders.ts).
    expect(allText(render(false, undefined, definitions))).toContain(
      '**Several takes:** `count` (1 to 4) on /imagine and /video: How many takes of this request, shown together (1 to 4; each is charged)',
    );
    // The same commands without it: no word of takes (a /settings `count` alone does not count).
    const without = definitions.map((d) => ({
      ...d,
      options: (d.options ?? []).filter((o) => o.name !== 'count' || d.name === 'settings'),
    })) as RESTPostAPIChatInputApplicationCommandsJSONBody[];
    expect(allText(render(false, undefined, without))).not.toContain('Several takes');
  });

  it('shows a command added later without anyone writing it in', () => {
    const settings: RESTPostAPIChatInputApplicationCommandsJSONBody = {
      type: ApplicationCommandType.ChatInput,
      name: 'settings',
      description: 'Your own defaults',
    };
    expect(allText(render(false, undefined, [...definitions, settings]))).toContain(
      '`/settings` · Your own defaults',
    );
  });

  it('carries the Models and My usage buttons, whose ids parse back to what they open', () => {
    const ids = componentsOf(render(false)).map((c) => parseCustomId(c.custom_id ?? ''));
    expect(ids).toEqual([
      { kind: 'help', target: 'models', version: CUSTOM_ID_VERSION },
      { kind: 'help', target: 'usage', version: CUSTOM_ID_VERSION },
    ]);
  });

  it('stays within Discord’s embed limits, in every language, with the prompt rules counted', () => {
    for (const language of LANGUAGES) {
      const l = localizerOf(language);
      const view = renderHelp(
        {
          commands: definitions,
          messageCommands: menus,
          admin: true,
          allowance: { summary: SUMMARY },
          promptRules: { unreadable: 'abcd1234' },
        },
        l,
      );
      const embeds = view.embeds.map((e) => e.toJSON());
      const total = embeds.reduce(
        (n, e) =>
          n +
          (e.title?.length ?? 0) +
          (e.description?.length ?? 0) +
          (e.fields ?? []).reduce((m, f) => m + f.name.length + f.value.length, 0),
        0,
      );
      expect(total, language).toBeLessThanOrEqual(6000);
      for (const e of embeds) expect(e.description?.length ?? 0, language).toBeLessThanOrEqual(4096);
      expect(
        embeds[1]?.fields?.map((f) => f.name),
        language,
      ).toEqual([l.t('help:promptRules.title')]);
    }
  });

  it('counts the prompt rules for an admin only, naming the command in the admin’s language', () => {
    const view = (admin: boolean, count: number, l: Localizer = english) =>
      renderHelp(
        {
          commands: definitions,
          messageCommands: menus,
          admin,
          allowance: { summary: SUMMARY },
          promptRules: { count },
        },
        l,
      ).embeds.map((e) => e.toJSON());
    expect(view(true, 500)[1]?.fields).toEqual([
      {
        name: 'Prompt rules',
        value: '500 words or phrases this server does not allow (`/quota prompts list`)',
      },
    ]);
    expect(view(true, 0, localizerOf('ja'))[1]?.fields?.[0]?.value).toBe(
      'なし：どのプロンプトも使えます。許可しない語やフレーズは `/利用枠 プロンプト 追加` で追加できます。',
    );
    const member = view(false, 3);
    expect(member).toHaveLength(1);
    expect(member[0]?.fields?.map((f) => f.name)).not.toContain('Prompt rules');
  });

  it("names and describes the commands as the member's Discord shows them, in German", () => {
    const view = render(true, undefined, definitions, localizerOf('de'));
    const text = allText(view);
    expect(view.embeds[0]?.title).toBe('Was dieser Bot kann');
    // What the member is told to type is the name their command list shows.
    expect(text).toContain('`/hilfe` · Was der Bot kann, seine Befehle und dein Kontingent');
    expect(text).toContain(
      '`/kontingent festlegen` · Eigenes Kontingent eines Mitglieds festlegen (hat Vorrang vor Rollen und Standard)',
    );
    expect(text).not.toContain('`/quota');
    const allowance = view.embeds[0]?.fields?.find((f) => f.name === 'Dein Kontingent')?.value ?? '';
    expect(allowance.split('\n').slice(0, 2)).toEqual([
      '2,50\u00a0$ pro Tag (eigenes Kontingent)',
      '2,38\u00a0$ übrig · heute ausgegeben: 0,12\u00a0$',
    ]);
    expect(text).toContain('höchstens 3 Generierungen gleichzeitig');
    expect(componentsOf(view).map((c) => c.label)).toEqual(['Modelle', 'Meine Nutzung']);
  });

  it('writes Japanese, with its own names for the commands', () => {
    const text = allText(render(true, undefined, definitions, localizerOf('ja')));
    expect(text).toContain('`/ヘルプ` · ボットでできること、コマンド、あなたの利用枠');
    expect(text).toContain('`/利用枠 表示` · ');
    expect(text).toContain('同時に処理できる生成は最大3件です。');
  });
});
