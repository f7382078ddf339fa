import { describe, expect, it } from 'vitest';
import { renderFailureReport, renderJob, renderThreadName } from '../../src/discord/render.ts';
import type { Job } from '../../src/jobs/job.ts';

const job = (over: Partial<Job> = {}): Job => ({
  generationId: '0b6f9a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  type: 'image',
  model: 'dream-4.5',
  modelLabel: 'Dream 4.5',
  prompt: 'a lighthouse',
  parameters: {},
  reply: {
    applicationId: '1',
    interactionToken: 't',
    interactionAt: 0,
    guildId: '2',
    channelId: '3',
    messageId: '4',
    userId: '5',
  },
  reservationId: 'r',
  quotedMicros: 20_000,
  chargedMicros: 20_000,
  attachmentSizeLimit: 1 << 20,
  simulated: false,
  status: 'completed',
  step: 'delivering',
  output: { url: 'https://cdn.example.com/a.png', content_type: 'image/png' },
  error: null,
  createdAt: 0,
  checkedAt: 0,
  editedAt: 0,
  shownStatus: 'processing',
  refunded: false,
  reported: false,
  deliveryAttempts: 0,
  ...over,
});

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
    expect(text).toContain('(\\*\\*Dream\\*\\*, id');
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
  });

  it('renders a link for a public http(s) output that could not be attached, with parentheses kept inside the link', () => {
    const rendered = renderJob(
      job({ output: { url: 'https://cdn.example.com/a(1).png', content_type: 'image/png' } }),
      {
        kind: 'result',
        linkReason: 'download_failed',
      },
    );
    const fields = rendered.embeds[0]?.toJSON().fields ?? [];
    expect(fields).toContainEqual({
      name: 'Result',
      value: 'The file could not be attached: [open it here](https://cdn.example.com/a%281%29.png)',
    });
    expect(rendered.components).toHaveLength(1);
  });

  it('shows a refused download as could-not-be-fetched, without a link to where it pointed', () => {
    const rendered = renderJob(
      job({ output: { url: 'http://127.0.0.1:9/secret', content_type: 'image/png' } }),
      {
        kind: 'result',
        // `refused` joins delivery's JobContent when delivery passes the downloader's reason through.
        linkReason: 'refused' as 'download_failed',
      },
    );
    expect(JSON.stringify(rendered.embeds[0]?.toJSON())).not.toContain('127.0.0.1');
    expect(rendered.components).toEqual([]);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `https://example.com/${'a'.repeat(600)}`,
  ])('shows an output URL %s as could-not-be-fetched, without a link', (url) => {
    const rendered = renderJob(job({ output: { url, download_url: url, content_type: 'image/png' } }), {
      kind: 'result',
      linkReason: 'download_failed',
    });
    const embed = rendered.embeds[0]?.toJSON();
    expect(embed?.fields).toContainEqual({
      name: 'Result',
      value: 'The file could not be fetched (generation id `0b6f9a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b`).',
    });
    expect(embed?.url).toBeUndefined();
    expect(rendered.components).toEqual([]);
  });
});
