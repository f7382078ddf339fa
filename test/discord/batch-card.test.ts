import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { takeRequest } from '../../src/discord/generation/send-takes.ts';
import { renderBatchCard } from '../../src/discord/views/batch-card.ts';
import type { BatchTake } from '../../src/jobs/batches.ts';
import { jobFixture, simModel } from './job-fixture.ts';

type Node = { type: number; content?: string; label?: string; custom_id?: string; components?: Node[] };

function flatten(card: ReturnType<typeof renderBatchCard>): Node[] {
  const out: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      out.push(n);
      walk(n.components ?? []);
    }
  };
  walk(card.components.map((c) => c.toJSON()) as unknown as Node[]);
  return out;
}

/** Two takes with the same file name from the service, as ids sharing their first 8 characters would give. */
const done = (index: number, generationId: string): BatchTake => ({
  index,
  state: 'done',
  job: jobFixture({ generationId, batch: { id: 'b', index, size: 4 } }),
  content: { kind: 'result', file: { name: 'image-0b6f9a4e.png', data: Buffer.from('png') } },
});

describe('the batch card', () => {
  const takes: BatchTake[] = [
    done(0, '0b6f9a4e-0000-4000-8000-000000000001'),
    {
      index: 1,
      state: 'failed',
      job: jobFixture({
        generationId: '0b6f9a4e-0000-4000-8000-000000000002',
        refunded: true,
        refundedMicros: 40_000,
      }),
    },
    done(2, '0b6f9a4e-0000-4000-8000-000000000003'),
    { index: 3, state: 'not_sent', reason: 'refused' },
  ];
  const card = renderBatchCard(jobFixture(), takes, simModel('dream-4.5'));

  it('uploads each finished take under a name of its own, and shows each take where it stands', () => {
    expect(card.files.map((f) => f.name)).toEqual(['take1-image-0b6f9a4e.png', 'take3-image-0b6f9a4e.png']);
    const text = flatten(card)
      .filter((n) => n.type === ComponentType.TextDisplay)
      .map((n) => n.content)
      .join('\n');
    expect(text).toContain(
      '**1** · done\n**2** · failed, $0.04 refunded\n**3** · done\n**4** · not sent, nothing charged',
    );
    // What stands charged: the two finished takes, not the refunded one.
    expect(text).toContain('4 takes · aspect ratio: 1:1 · resolution: 1K · $0.08 charged');
  });

  it('gives each finished take numbered buttons naming its own generation, and one Delete', () => {
    const buttons = flatten(card).filter((n) => n.type === ComponentType.Button);
    const byLabel = new Map(buttons.map((b) => [b.label, b.custom_id]));
    expect(byLabel.get('Again 1')).toBe('result:v1:again:0b6f9a4e-0000-4000-8000-000000000001');
    expect(byLabel.get('Details 3')).toBe('result:v1:details:0b6f9a4e-0000-4000-8000-000000000003');
    expect([...byLabel.keys()].some((l) => l?.endsWith(' 2') || l?.endsWith(' 4'))).toBe(false);
    expect(buttons.filter((b) => b.label === 'Delete')).toHaveLength(1);
  });
});

describe('takes', () => {
  it('gives every take after the first a new seed when the request sets one', () => {
    const request = { model: 'motion-2.0-fast', prompt: 'p', seed: 7 };
    expect(takeRequest(request, 0)).toBe(request);
    expect(takeRequest(request, 1).seed).not.toBe(7);
    const unseeded = { model: 'lang-4o-image', prompt: 'p' };
    expect(takeRequest(unseeded, 2)).toEqual(unseeded);
  });
});
