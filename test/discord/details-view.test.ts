import { type APIEmbed, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { renderDetails as renderIn } from '../../src/discord/views/details-view.ts';
import { SIMULATOR_FOOTER } from '../../src/discord/views/message-parts.ts';
import { english } from '../../src/i18n/index.ts';
import type { Job } from '../../src/jobs/job.ts';
import type { Model } from '../../src/media/schemas.ts';
import { componentsOf } from '../support/message-reading.ts';
import { GENERATION_ID, jobFixture, REQUESTER, simModel, videoJobFixture } from './job-fixture.ts';

/** Details as an English-speaking member reads them. */
const renderDetails = (job: Job, model: Model | undefined) => renderIn(job, model, english);

/** The embed's fields by name. */
function fieldsOf(view: ReturnType<typeof renderDetails>): Record<string, string> {
  const embed = view.embeds[0]?.toJSON() as APIEmbed;
  return Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
}

const sec = (ms: number) => Math.floor(ms / 1000);

describe('the Details of a result', () => {
  it('is shown only to the member who asked, and pings nobody', () => {
    const view = renderDetails(jobFixture(), simModel('dream-4.5'));
    expect(view.flags).toBe(MessageFlags.Ephemeral);
    expect(view.allowedMentions).toEqual({ parse: [] });
  });

  it('names the generation, the model by label and slug, and who asked', () => {
    const fields = fieldsOf(renderDetails(jobFixture(), simModel('dream-4.5')));
    expect(fields['Generation id']).toBe(`\`${GENERATION_ID}\``);
    expect(fields.Model).toBe('Dream 4.5 (`dream-4.5`)');
    expect(fields['Requested by']).toBe(`<@${REQUESTER}>`);
    expect(fields['Started from']).toBe('A slash command');
  });

  it('says when the model is no longer offered', () => {
    expect(fieldsOf(renderDetails(jobFixture(), undefined)).Model).toBe(
      'Dream 4.5 (`dream-4.5`, no longer offered by the service)',
    );
  });

  it('lists every parameter sent, with units, and the seed as random when none was sent', () => {
    const fields = fieldsOf(renderDetails(videoJobFixture(), simModel('motion-2.0')));
    expect(fields.Parameters).toBe(
      ['resolution: 480p', 'duration: 5 s', 'return last frame: yes', 'seed: random (not set)'].join('\n'),
    );
    const seeded = videoJobFixture({
      request: { model: 'motion-2.0', prompt: 'p', seed: 42, generate_audio: false },
    });
    expect(fieldsOf(renderDetails(seeded, simModel('motion-2.0'))).Parameters).toBe(
      'seed: 42\ngenerate audio: no',
    );
  });

  it('shows the reference URLs sent as text, never as links or markdown', () => {
    const job = jobFixture({
      request: {
        model: 'dream-4.5',
        prompt: 'p',
        image_urls: ['https://a.example/1.png', 'https://a.example/[x](https://evil.example)`.png'],
      },
    });
    const fields = fieldsOf(renderDetails(job, simModel('dream-4.5')));
    expect(fields['Reference files']).toBe(
      'image urls (2):\n`https://a.example/1.png`\n`https://a.example/[x](https://evil.example).png`',
    );
    expect(fields.Parameters).toBe('seed: random (not set)');
  });

  it('escapes the prompt and the parameters a member typed', () => {
    const view = renderDetails(
      jobFixture({
        prompt: '**loud** [link](https://evil.example)',
        request: { model: 'orbit-2', prompt: 'x', style: '__under__' },
      }),
      simModel('dream-4.5'),
    );
    expect(view.embeds[0]?.toJSON().description).toBe('\\*\\*loud\\*\\* \\[link\\](https://evil.example)');
    expect(fieldsOf(view).Parameters).toContain('style: \\_\\_under\\_\\_');
  });

  it('shows the price quoted, charged and refunded', () => {
    expect(fieldsOf(renderDetails(jobFixture(), undefined)).Price).toBe('quoted $0.04 · charged $0.04');
    const refunded = jobFixture({ status: 'failed', refundedMicros: 40_000 });
    expect(fieldsOf(renderDetails(refunded, undefined)).Price).toBe(
      'quoted $0.04 · charged $0.04 · refunded $0.04',
    );
  });

  it('shows when it was submitted, completed and delivered, with the seconds each step took', () => {
    const createdAt = Date.UTC(2026, 10, 23, 10, 0, 0);
    const job = jobFixture({ createdAt, completedAt: createdAt + 12_300, deliveredAt: createdAt + 14_000 });
    expect(fieldsOf(renderDetails(job, undefined)).Timings).toBe(
      [
        `Submitted: <t:${sec(createdAt)}:f>`,
        `Completed: <t:${sec(createdAt + 12_300)}:f> (12.3 s after submission)`,
        `Delivered: <t:${sec(createdAt + 14_000)}:f> (1.7 s after completion)`,
      ].join('\n'),
    );
  });

  it('says which timings a job stored before they were recorded lacks, and never shows a negative duration', () => {
    const createdAt = Date.UTC(2026, 10, 23, 10, 0, 0);
    expect(fieldsOf(renderDetails(jobFixture({ createdAt }), undefined)).Timings).toBe(
      [`Submitted: <t:${sec(createdAt)}:f>`, 'Completed: not recorded', 'Delivered: not recorded'].join('\n'),
    );
    // The service's clock ran behind: completed "before" it was submitted.
    const skewed = jobFixture({ createdAt, completedAt: createdAt - 5_000 });
    expect(fieldsOf(renderDetails(skewed, undefined)).Timings).toContain('(0.0 s after submission)');
  });

  it('names the result it came from, with a link', () => {
    const job = jobFixture({
      origin: { action: 'vary', generationId: 'e', guildId: '7', channelId: '8', messageId: '9' },
    });
    expect(fieldsOf(renderDetails(job, undefined))['Started from']).toBe(
      'A variation of [this result](https://discord.com/channels/7/8/9)',
    );
  });

  it("links the model's documentation when the catalog gives an http(s) address, and not otherwise", () => {
    const view = renderDetails(jobFixture(), simModel('dream-4.5'));
    expect(componentsOf({ components: view.components.map((r) => r.toJSON()) })).toEqual([
      expect.objectContaining({ label: 'Model documentation', url: simModel('dream-4.5').docs_url }),
    ]);
    const odd = { ...simModel('dream-4.5'), docs_url: 'javascript:alert(1)' };
    expect(renderDetails(jobFixture(), odd).components).toEqual([]);
    expect(renderDetails(jobFixture(), undefined).components).toEqual([]);
  });

  it('carries the simulator footer for a simulated job, and stays within the embed limits with everything at its longest', () => {
    const long = 'https://a.example/'.padEnd(2000, 'a');
    const job = jobFixture({
      simulated: true,
      prompt: '*'.repeat(6000),
      modelLabel: 'L'.repeat(500),
      request: {
        model: 'dream-4.5',
        prompt: 'x',
        style: '_'.repeat(3000),
        image_urls: Array.from({ length: 9 }, () => long),
      },
    });
    const embed = renderDetails(job, undefined).embeds[0]?.toJSON() as APIEmbed;
    expect(embed.footer?.text).toBe(SIMULATOR_FOOTER);
    const total =
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.footer?.text.length ?? 0) +
      (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    expect((embed.description ?? '').length).toBeLessThanOrEqual(4096);
    for (const f of embed.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
  });
});
