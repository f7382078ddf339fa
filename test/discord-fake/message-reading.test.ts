import { ButtonStyle, ComponentType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { componentsOf, textOf } from '../support/message-reading.ts';

describe('reading a message as a member sees it', () => {
  it('finds the buttons and selects of a classic message and reads its content and embeds', () => {
    const message = {
      content: 'Done.',
      embeds: [
        {
          title: 'a fox',
          description: 'at dusk',
          fields: [{ name: 'Cost', value: '$0.04' }],
          footer: { text: 'model x' },
        },
      ],
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              custom_id: 'result:retry:1',
              label: 'Retry',
              style: ButtonStyle.Primary,
            },
            {
              type: ComponentType.Button,
              url: 'https://x.test',
              label: 'Open',
              style: ButtonStyle.Link,
              disabled: true,
            },
          ],
        },
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.StringSelect,
              custom_id: 'result:style:1',
              options: [{ label: 'Noir', value: 'noir' }],
            },
          ],
        },
      ],
    };
    expect(componentsOf(message)).toEqual([
      { type: 2, custom_id: 'result:retry:1', label: 'Retry' },
      { type: 2, url: 'https://x.test', label: 'Open', disabled: true },
      { type: 3, custom_id: 'result:style:1', options: [{ label: 'Noir', value: 'noir' }] },
    ]);
    expect(textOf(message)).toBe('Done.\na fox\nat dusk\nCost\n$0.04\nmodel x');
  });

  it('reads text displays and buttons nested in containers and section accessories of a V2 message', () => {
    const message = {
      content: '',
      embeds: [],
      flags: MessageFlags.IsComponentsV2,
      components: [
        {
          type: ComponentType.Container,
          components: [
            {
              type: ComponentType.Section,
              components: [{ type: ComponentType.TextDisplay, content: 'first' }],
              accessory: {
                type: ComponentType.Button,
                custom_id: 'result:upscale:1',
                label: 'Upscale',
                style: 1,
              },
            },
            { type: ComponentType.TextDisplay, content: 'second' },
          ],
        },
      ],
    };
    expect(componentsOf(message)).toEqual([{ type: 2, custom_id: 'result:upscale:1', label: 'Upscale' }]);
    expect(textOf(message)).toBe('first\nsecond');
  });
});
