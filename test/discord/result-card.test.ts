import { type APIMessageTopLevelComponent, ButtonStyle, ComponentType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { COLORS, SIMULATOR_FOOTER } from '../../src/discord/views/message-parts.ts';
import { MAX_CARD_TEXT, renderResultCard } from '../../src/discord/views/result-card.ts';
import type { ResultContent } from '../../src/jobs/result-content.ts';
import { componentsOf, textOf } from '../support/message-reading.ts';
import { GENERATION_ID, jobFixture, REQUESTER, simModel, videoJobFixture } from './job-fixture.ts';

const attached: ResultContent = {
  kind: 'result',
  file: { name: 'image-0b6f9a4e.png', data: Buffer.from('png') },
};

/** The card as Discord receives it. */
function sent(card: ReturnType<typeof renderResultCard>) {
  return { content: '', embeds: [], components: card.components.map((c) => c.toJSON()) } as {
    content: string;
    embeds: [];
    components: APIMessageTopLevelComponent[];
  };
}

type Node = { type: number; components?: Node[]; items?: { media: { url: string }; description?: string }[] };

/** The media gallery items of a card, depth first. */
function galleryOf(card: ReturnType<typeof renderResultCard>): { url: string; description?: string }[] {
  const items: { url: string; description?: string }[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === ComponentType.MediaGallery)
        for (const item of n.items ?? []) items.push({ url: item.media.url, description: item.description });
      walk(n.components ?? []);
    }
  };
  walk(sent(card).components as unknown as Node[]);
  return items;
}

/** Every text Discord counts toward a V2 message's 4000: text displays, labels, media descriptions. */
function shownLength(card: ReturnType<typeof renderResultCard>): number {
  const message = sent(card);
  return (
    textOf(message).replace(/\n/g, '').length +
    componentsOf(message).reduce((n, c) => n + (c.label?.length ?? 0), 0) +
    galleryOf(card).reduce((n, i) => n + (i.description?.length ?? 0), 0)
  );
}

describe('the result card', () => {
  it('is a Components V2 message that clears the progress embed, with the attached image in a gallery, in the result colour', () => {
    const card = renderResultCard(jobFixture(), attached, simModel('dream-4.5'));
    expect(card.flags).toBe(MessageFlags.IsComponentsV2);
    expect(card.content).toBe('');
    expect(card.embeds).toEqual([]);
    expect(card.files.map((f) => f.name)).toEqual(['image-0b6f9a4e.png']);
    expect(galleryOf(card)).toEqual([{ url: 'attachment://image-0b6f9a4e.png', description: undefined }]);
    const [container] = sent(card).components;
    expect(container).toMatchObject({ type: ComponentType.Container, accent_color: COLORS.completed });
    expect(card.allowedMentions).toEqual({ parse: [] });
  });

  it('offers Again, Vary, Animate, Higher resolution (to the next resolution), Details and Delete on an image: what makes something on the first row, Details and Delete on the second', () => {
    const card = renderResultCard(jobFixture(), attached, simModel('dream-4.5'));
    const buttons = componentsOf(sent(card));
    expect(buttons.map((b) => [b.label, b.custom_id])).toEqual([
      ['Again', `result:v1:again:${GENERATION_ID}`],
      ['Vary', `result:v1:vary:${GENERATION_ID}`],
      ['Animate', `result:v1:animate:${GENERATION_ID}`],
      ['Higher resolution (2K)', `result:v1:higher-resolution:${GENERATION_ID}`],
      ['Details', `result:v1:details:${GENERATION_ID}`],
      ['Delete', `result:v1:delete:${GENERATION_ID}`],
    ]);
    const json = JSON.stringify(sent(card));
    expect(json).toContain(`"label":"Delete","style":${ButtonStyle.Danger}`);
    const rows: Node[] = [];
    const walk = (nodes: Node[]) => {
      for (const n of nodes) {
        if (n.type === ComponentType.ActionRow) rows.push(n);
        else walk(n.components ?? []);
      }
    };
    walk(sent(card).components as unknown as Node[]);
    expect(rows.map((r) => r.components?.length)).toEqual([4, 2]);
  });

  it('offers no Higher resolution at the highest resolution, and only the basic buttons when the model left the catalog', () => {
    const top = jobFixture({ request: { model: 'dream-4.5', prompt: 'p', resolution: '4K' } });
    expect(
      componentsOf(sent(renderResultCard(top, attached, simModel('dream-4.5')))).map((b) => b.label),
    ).toEqual(['Again', 'Vary', 'Animate', 'Details', 'Delete']);
    expect(
      componentsOf(sent(renderResultCard(jobFixture(), attached, undefined))).map((b) => b.label),
    ).toEqual(['Again', 'Vary', 'Animate', 'Details', 'Delete']);
  });

  it('shows a video with its attached last frame and offers Continue from last frame (no Animate)', () => {
    const card = renderResultCard(
      videoJobFixture(),
      {
        kind: 'result',
        file: { name: 'video-0b6f9a4e.mp4', data: Buffer.from('mp4') },
        lastFrame: { file: { name: 'last-frame-0b6f9a4e.png', data: Buffer.from('png') } },
      },
      simModel('motion-2.0'),
    );
    expect(card.files.map((f) => f.name)).toEqual(['video-0b6f9a4e.mp4', 'last-frame-0b6f9a4e.png']);
    expect(galleryOf(card)).toEqual([
      { url: 'attachment://video-0b6f9a4e.mp4', description: undefined },
      { url: 'attachment://last-frame-0b6f9a4e.png', description: 'Last frame' },
    ]);
    expect(componentsOf(sent(card)).map((b) => b.custom_id)).toEqual([
      `result:v1:again:${GENERATION_ID}`,
      `result:v1:vary:${GENERATION_ID}`,
      `result:v1:higher-resolution:${GENERATION_ID}`,
      `result:v1:continue:${GENERATION_ID}`,
      `result:v1:details:${GENERATION_ID}`,
      `result:v1:delete:${GENERATION_ID}`,
    ]);
    expect(componentsOf(sent(card))[2]?.label).toBe('Higher resolution (720p)');
  });

  it("links a last frame that did not fit by the service's URL, and shows none (and no Continue) when its download was refused", () => {
    const video = { name: 'video-0b6f9a4e.mp4', data: Buffer.from('mp4') };
    const linked = renderResultCard(
      videoJobFixture(),
      { kind: 'result', file: video, lastFrame: { linkReason: 'too_large' } },
      simModel('motion-2.0'),
    );
    expect(galleryOf(linked)[1]).toEqual({
      url: 'https://cdn.example.com/v-last.png',
      description: 'Last frame',
    });
    expect(linked.files).toHaveLength(1);
    const refused = renderResultCard(
      videoJobFixture(),
      { kind: 'result', file: video, lastFrame: { linkReason: 'refused' } },
      simModel('motion-2.0'),
    );
    expect(galleryOf(refused)).toHaveLength(1);
    expect(JSON.stringify(sent(refused))).not.toContain('v-last.png');
    expect(componentsOf(sent(refused)).map((b) => b.label)).not.toContain('Continue from last frame');
  });

  it('shows the prompt escaped, and a line with the model, every parameter sent, the price charged and who asked', () => {
    const card = renderResultCard(
      jobFixture({
        prompt: '[Claim your free Nitro](https://evil.example) **now** @everyone',
        modelLabel: '**Dream**',
        request: {
          model: 'dream-4.5',
          prompt: 'x',
          aspect_ratio: '16:9',
          resolution: '2K',
          image_urls: ['https://a.example/1.png', 'https://a.example/2.png'],
          seed: 7,
        },
      }),
      attached,
      simModel('dream-4.5'),
    );
    const text = textOf(sent(card));
    expect(text).toContain('\\[Claim your free Nitro\\](https://evil.example) \\*\\*now\\*\\* @everyone');
    expect(text).toContain(
      `**\\*\\*Dream\\*\\*** · aspect ratio: 16:9 · resolution: 2K · image urls: 2 · seed: 7 · $0.04 charged · asked by <@${REQUESTER}>`,
    );
    expect(card.allowedMentions).toEqual({ parse: [] });
  });

  it("falls back to the service's parameters for a job stored before the request was recorded", () => {
    const card = renderResultCard(
      jobFixture({ request: undefined, parameters: { aspect_ratio: '4:3', resolution: '1K' } }),
      attached,
      simModel('dream-4.5'),
    );
    expect(textOf(sent(card))).toContain('aspect ratio: 4:3 · resolution: 1K');
  });

  it('keeps all its text within the 4000 characters Discord allows, however long the prompt, without splitting a character', () => {
    for (const prompt of ['*'.repeat(3900), '🦊'.repeat(2500), 'a'.repeat(6000)]) {
      const card = renderResultCard(
        jobFixture({ prompt, simulated: true, origin: origin() }),
        { kind: 'result', linkReason: 'too_large' },
        simModel('dream-4.5'),
      );
      expect(shownLength(card)).toBeLessThanOrEqual(MAX_CARD_TEXT);
      expect(textOf(sent(card))).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(textOf(sent(card))).toContain('…');
    }
  });

  it('names where it came from, with a link to that message', () => {
    const card = renderResultCard(jobFixture({ origin: origin() }), attached, simModel('dream-4.5'));
    expect(textOf(sent(card))).toContain(
      'Again from [this result](https://discord.com/channels/1300000000000000001/1300000000000000002/1300000000000000099)',
    );
    const fromMessage = renderResultCard(
      jobFixture({ origin: { ...origin(), action: 'message', generationId: null } }),
      attached,
      simModel('dream-4.5'),
    );
    expect(textOf(sent(fromMessage))).toContain(
      'Made from the attachments of [this message](https://discord.com/',
    );
    expect(textOf(sent(renderResultCard(jobFixture(), attached, undefined)))).not.toContain('from [');
  });

  it('names Higher resolution by its old stored name too, for jobs stored before the rename', () => {
    for (const action of ['higher-resolution', 'upscale']) {
      const card = renderResultCard(jobFixture({ origin: { ...origin(), action } }), attached, undefined);
      expect(textOf(sent(card))).toContain('Higher resolution of [this result](https://discord.com/');
    }
  });

  it('carries the simulator footer when the job ran on the built-in simulator', () => {
    expect(textOf(sent(renderResultCard(jobFixture({ simulated: true }), attached, undefined)))).toContain(
      SIMULATOR_FOOTER,
    );
    expect(textOf(sent(renderResultCard(jobFixture(), attached, undefined)))).not.toContain(SIMULATOR_FOOTER);
  });

  it("shows a file too large for the channel by the service's URL, with a download button", () => {
    const card = renderResultCard(
      videoJobFixture({
        output: {
          url: 'https://cdn.example.com/v.mp4',
          download_url: 'https://cdn.example.com/v.mp4?download=1',
          content_type: 'video/mp4',
        },
      }),
      { kind: 'result', linkReason: 'too_large' },
      simModel('motion-2.0'),
    );
    expect(card.files).toEqual([]);
    expect(galleryOf(card)).toEqual([{ url: 'https://cdn.example.com/v.mp4', description: undefined }]);
    expect(textOf(sent(card))).toContain(
      'The file is larger than this channel accepts: open it with the button below.',
    );
    // One way to the file: the button, not a second link in the text.
    expect(textOf(sent(card))).not.toContain('](https://cdn.example.com/v.mp4');
    const buttons = componentsOf(sent(card));
    const links = buttons.filter((b) => b.url !== undefined);
    expect(links).toEqual([
      expect.objectContaining({ label: 'Download video', url: 'https://cdn.example.com/v.mp4?download=1' }),
    ]);
    // On the second row, with Details and Delete; what makes something new first.
    expect(buttons.map((b) => b.label)).toEqual([
      'Again',
      'Vary',
      'Higher resolution (720p)',
      'Download video',
      'Details',
      'Delete',
    ]);
  });

  it('links a file that could not be attached by its button only, the URL kept whole', () => {
    const card = renderResultCard(
      jobFixture({ output: { url: 'https://cdn.example.com/a(1).png', content_type: 'image/png' } }),
      { kind: 'result', linkReason: 'download_failed' },
      undefined,
    );
    expect(textOf(sent(card))).toContain('The file could not be attached: open it with the button below.');
    expect(componentsOf(sent(card)).filter((b) => b.url !== undefined)).toEqual([
      expect.objectContaining({ label: 'Open image', url: 'https://cdn.example.com/a(1).png' }),
    ]);
  });

  it('shows a refused download as could-not-be-fetched, with no gallery and no link to where it pointed', () => {
    const card = renderResultCard(
      jobFixture({ output: { url: 'http://127.0.0.1:9/secret', content_type: 'image/png' } }),
      { kind: 'result', linkReason: 'refused' },
      simModel('dream-4.5'),
    );
    expect(galleryOf(card)).toEqual([]);
    expect(JSON.stringify(sent(card))).not.toContain('127.0.0.1');
    expect(textOf(sent(card))).toContain(
      `The file could not be fetched (generation id \`${GENERATION_ID}\`).`,
    );
    expect(componentsOf(sent(card)).every((b) => b.url === undefined)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `https://example.com/${'a'.repeat(600)}`,
  ])('shows an output URL %s as could-not-be-fetched, with no gallery and no link', (url) => {
    const card = renderResultCard(
      jobFixture({ output: { url, download_url: url, content_type: 'image/png' } }),
      { kind: 'result', linkReason: 'download_failed' },
      undefined,
    );
    expect(galleryOf(card)).toEqual([]);
    expect(textOf(sent(card))).toContain(
      `The file could not be fetched (generation id \`${GENERATION_ID}\`).`,
    );
    expect(componentsOf(sent(card)).every((b) => b.url === undefined)).toBe(true);
    expect(JSON.stringify(sent(card))).not.toContain(url);
  });

  it('mentions the requester first, pinging only them, when posted as a new message', () => {
    const card = renderResultCard(jobFixture(), attached, undefined, { mentionRequester: true });
    expect(sent(card).components[0]).toEqual({ type: ComponentType.TextDisplay, content: `<@${REQUESTER}>` });
    expect(card.allowedMentions).toEqual({ users: [REQUESTER] });
  });
});

function origin() {
  return {
    action: 'again',
    generationId: 'ffffffff-0000-0000-0000-000000000000',
    guildId: '1300000000000000001',
    channelId: '1300000000000000002',
    messageId: '1300000000000000099',
  };
}
