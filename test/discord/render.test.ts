import { MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  renderFailureReport,
  renderFieldErrors,
  renderJob,
  renderThreadName,
} from '../../src/discord/views/render.ts';
import type { Job } from '../../src/jobs/job.ts';
import { jobFixture } from './job-fixture.ts';

/** The shared view fixture, without parameters: these tests are about the text around them. */
const job = (over: Partial<Job> = {}): Job => jobFixture({ parameters: {}, ...over });

describe('rendering untrusted text', () => {
  it('escapes markdown in the service error and the model label of a failure report', () => {
    const text = renderFailureReport(
      job({
        status: 'failed',
        modelLabel: '**Dream**',
        error: 'Rejected. [Appeal here](https://evil.example)\n# Now',
      }),
      20_000,
    );
    expect(text).toContain('**The image generation failed** (\\*\\*Dream\\*\\*).');
    expect(text).toContain('> Rejected. \\[Appeal here\\](https://evil.example)\n> \\# Now');
  });

  it('names the failure thread with the prompt as plain text (Discord shows names unformatted) on one line, within 90 characters', () => {
    expect(renderThreadName(job({ prompt: '[free](https://evil.example)\n**now**' }))).toBe(
      'Failed: [free](https://evil.example) **now**',
    );
    const long = renderThreadName(job({ prompt: '🦊'.repeat(100) }));
    expect(long.length).toBeLessThanOrEqual(90);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('never pings from a job reply', () => {
    expect(renderJob(job(), { kind: 'progress' }).allowedMentions).toEqual({ parse: [] });
    expect(renderJob(job(), { kind: 'result' }).allowedMentions).toEqual({ parse: [] });
  });

  it('shows a finished job as the result card (Components V2) and a running one as an embed', () => {
    const done = renderJob(job(), {
      kind: 'result',
      file: { name: 'image-0b6f9a4e.png', data: Buffer.from('x') },
    });
    expect(done.flags).toBe(MessageFlags.IsComponentsV2);
    expect(done.embeds).toEqual([]);
    const running = renderJob(job({ status: 'processing' }), { kind: 'progress' });
    expect(running.flags).toBeUndefined();
    expect(running.embeds[0]?.toJSON().title).toBe('Image · Generating…');
  });
});

describe('renderFieldErrors', () => {
  it("escapes the service's field names and messages, and stays well inside one message", () => {
    const text = renderFieldErrors(
      {
        image_urls: ['[Claim your prize](https://evil.example) @everyone **now**'],
        '**model**': ['x'.repeat(5_000)],
      },
      'service',
    );
    expect(text).toContain('\\[Claim your prize\\](https://evil.example)');
    expect(text).toContain('\\*\\*now\\*\\*');
    expect(text).toContain('**\\*\\*model\\*\\***');
    expect(text.length).toBeLessThanOrEqual(1_500);
    // The bot's own messages are shown as written.
    expect(renderFieldErrors({ image_urls: ['At most 14 image_urls.'] })).toBe(
      '• **image_urls**: At most 14 image_urls.',
    );
  });
});
