import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  EMBED_LIMITS,
  embedLength,
  renderModelDetail,
  renderModelList,
} from '../../src/discord/views/models-view.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { hugeCatalog } from '../e2e/models-helpers.ts';

function expectWithinLimits(messages: { embeds: APIEmbed[] }[]): void {
  for (const { embeds } of messages) {
    expect(embeds.length).toBeLessThanOrEqual(EMBED_LIMITS.embedsPerMessage);
    expect(embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(EMBED_LIMITS.messageTotal);
    for (const embed of embeds) {
      expect((embed.title ?? '').length).toBeLessThanOrEqual(EMBED_LIMITS.title);
      expect((embed.description ?? '').length).toBeLessThanOrEqual(EMBED_LIMITS.description);
      expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
      for (const field of embed.fields ?? []) {
        expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
        expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
      }
    }
  }
}

const fieldCount = (messages: { embeds: APIEmbed[] }[]) =>
  messages.flatMap((m) => m.embeds).reduce((n, e) => n + (e.fields?.length ?? 0), 0);

describe('the /models list', () => {
  it("fits the service's catalog in one message within Discord's embed limits", () => {
    const messages = renderModelList(SIM_MODELS);
    expect(messages).toHaveLength(1);
    expectWithinLimits(messages);
    expect(fieldCount(messages)).toBe(SIM_MODELS.length);
  });

  it("splits a huge catalog over embeds and messages that each stay within Discord's limits, showing every model once", () => {
    const models = hugeCatalog(80);
    const messages = renderModelList(models);
    expect(messages.length).toBeGreaterThan(1);
    expectWithinLimits(messages);
    expect(fieldCount(messages)).toBe(80);
    // Every docs link survives truncation, with parentheses that cannot end the markdown link early.
    const values = messages.flatMap((m) => m.embeds.flatMap((e) => e.fields ?? [])).map((f) => f.value);
    expect(
      values.every((v) =>
        /\[Documentation\]\(https:\/\/docs\.example\.com\/models\/%28\d+%29\/p+\)$/.test(v),
      ),
    ).toBe(true);
  });

  it('links only http(s) docs URLs, in the list and as the detail button', () => {
    const base = SIM_MODELS[0] as Model;
    for (const docs_url of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const model = { ...base, docs_url };
      const [message] = renderModelList([model]);
      expect(message?.embeds[0]?.fields?.[0]?.value).not.toContain('Documentation');
      expect(renderModelDetail(model, 'service').components).toEqual([]);
    }
  });

  it('escapes markdown in labels and lists from the service', () => {
    const model = {
      ...(SIM_MODELS[0] as Model),
      label: '[Free Nitro](https://evil.example)',
      modes: ['**bold**'],
    };
    const [message] = renderModelList([model]);
    const field = message?.embeds[0]?.fields?.[0];
    expect(field?.name).toBe('\\[Free Nitro\\](https://evil.example)');
    expect(field?.value).toContain('Modes: \\*\\*bold\\*\\*');
  });

  it("keeps one model's detail within Discord's limits however long the service's lists are", () => {
    const [model] = hugeCatalog(1);
    const huge = {
      ...(model as Model),
      slug: 's'.repeat(5000),
      label: 'L'.repeat(5000),
      resolutions: Array.from({ length: 500 }, (_, i) => `${i}p`),
      resolution_multipliers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${i}p`, 2])),
      durations: Array.from({ length: 500 }, (_, i) => i * 2),
      supported_params: Array.from({ length: 500 }, (_, i) => `param_${i}`),
    };
    const { embeds } = renderModelDetail(huge, 'service');
    expectWithinLimits([{ embeds }]);
  });
});
