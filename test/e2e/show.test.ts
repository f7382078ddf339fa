import { join } from 'node:path';
import { type APIEmbed, type APIInteraction, Locale } from 'discord.js';
import sqlite3 from 'sqlite3';
import { describe, expect, it } from 'vitest';
import { parseGenerationId } from '../../commands/show.ts';
import { autocompleteInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB, NSFW, opt, useHarness } from '../support/bot-harness.ts';
import { deferredEphemeralReply, ephemeralReply } from './quota-helpers.ts';

const h = useHarness();

async function aliceImage(prompt = 'a red kite over the dunes') {
  const interaction = await h.command('imagine', [opt.string('prompt', prompt)]);
  const job = await h.jobDone(interaction);
  expect(job.status).toBe('completed');
  return job;
}

const show = (id: string, userId = ALICE) => h.command('show', [opt.string('id', id)], { userId });

/** Deletes a job from the bot's SQLite file, as a store that lost it would be (the quota's values stay). */
async function forgetJob(generationId: string): Promise<void> {
  const db = new sqlite3.Database(join(h.storeDir, 'bot.sqlite'));
  try {
    await new Promise<void>((resolve, reject) =>
      db.run(
        'DELETE FROM keyv WHERE key = ?',
        [`jobs:job:${generationId}`],
        function (this: sqlite3.RunResult, err) {
          if (err) reject(err);
          else if (this.changes !== 1) reject(new Error(`no job row for ${generationId}`));
          else resolve();
        },
      ),
    );
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

/** The public reply of /show: a deferred reply (type 5, not ephemeral) then the edit with the result. */
async function shownResult(interaction: APIInteraction) {
  const callback = await h.callbackOf(interaction);
  expect(callback.body).toMatchObject({ type: 5 });
  expect(((callback.body as { data?: { flags?: number } }).data?.flags ?? 0) & 64).toBe(0);
  return h.editOf(interaction, (c) => c.files.length > 0);
}

describe('/show', () => {
  it('brings back a past result as a new message, with the file and the buttons naming it', async () => {
    const job = await aliceImage();
    const interaction = await show(job.generationId);
    const edit = await shownResult(interaction);
    expect(edit.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    expect(JSON.stringify(edit.body)).toContain(`result:v1:again:${job.generationId}`);
    // Nothing new was generated or charged.
    expect(h.sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("refuses another member's result, and lets a Manage Server member show it", async () => {
    const job = await aliceImage();
    const refused = await ephemeralReply(h, await show(job.generationId, BOB));
    expect(refused.content).toMatch(/not yours/);
    const edit = await shownResult(await show(job.generationId, ADMIN));
    expect(edit.files).toHaveLength(1);
  });

  it('keeps a spicy result to age-restricted channels', async () => {
    const made = await h.command(
      'video',
      [opt.string('prompt', 'after dark'), opt.string('model', 'quick-video-1'), opt.string('mode', 'spicy')],
      { channelId: NSFW },
    );
    const job = await h.jobDone(made);
    expect(job.status).toBe('completed');
    const refused = await ephemeralReply(h, await show(job.generationId));
    expect(refused.content).toMatch(/spicy mode can be used only in age-restricted channels/);
    const edit = await shownResult(
      await h.command('show', [opt.string('id', job.generationId)], { channelId: NSFW }),
    );
    expect(edit.files).toHaveLength(1);
  });

  it('still shows a result after a restart', async () => {
    const job = await aliceImage();
    await h.restart();
    const edit = await shownResult(await show(job.generationId));
    expect(JSON.stringify(edit.body)).toContain(`result:v1:vary:${job.generationId}`);
  });

  it('looks a result whose job the bot lost up at the service, for its member or a Manage Server member', async () => {
    const job = await aliceImage('a kite the store forgot');
    // The job is gone from the store (the quota's record of its charge stays).
    await forgetJob(job.generationId);

    const refused = await ephemeralReply(h, await show(job.generationId, BOB));
    expect(refused.content).toMatch(/not yours/);
    for (const member of [ALICE, ADMIN]) {
      const answer = await deferredEphemeralReply(h, await show(job.generationId, member));
      const embed = answer.embeds[0] as APIEmbed;
      expect(embed.description).toBe('a kite the store forgot');
      expect(JSON.stringify(embed)).toContain(job.generationId);
      expect(answer.components).toEqual([]);
    }
  });

  it("refuses, without asking the service, a generation this bot never charged: the token's other generations are not this server's", async () => {
    const created = await fetch(`${h.sim.baseUrl}/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.sim.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'lang-4o-image', prompt: 'made elsewhere' }),
    });
    const { data } = (await created.json()) as { data: { id: string } };
    const asked = () => h.sim.requests.filter((r) => r.path.includes(data.id)).length;

    // Alice owns the test server (every permission).
    for (const member of [BOB, ADMIN, ALICE]) {
      const refused = await ephemeralReply(h, await show(data.id, member));
      expect(refused.content).toBe('The bot has no record of this generation in this server.');
    }
    expect(asked()).toBe(0);
    const unknown = await ephemeralReply(h, await show('00000000-0000-4000-8000-000000000000', ADMIN));
    expect(unknown.content).toBe('The bot has no record of this generation in this server.');
    const notAnId = await ephemeralReply(h, await show('hello'));
    expect(notAnId.content).toMatch(/not a generation id/);
  });

  it('offers the member their own recent generations to pick from', async () => {
    const job = await aliceImage('a lantern in the fog');
    const choices = await h.autocomplete('show', [opt.string('id', 'lantern', true)]);
    expect(choices).toEqual([{ name: 'Image: a lantern in the fog', value: job.generationId }]);
  });
});

describe('/show in the member’s language', () => {
  it('answers a German member in German: refusals, the choices and the service’s record', async () => {
    const german = (id: string) => h.command('show', [opt.string('id', id)], { locale: Locale.German });
    const notAnId = await ephemeralReply(h, await german('hello'));
    expect(notAnId.content).toBe(
      'Das ist keine Generierungs-ID. Wähl eine deiner eigenen aus der Liste oder kopier die ID aus den Details oder einem Fehlerbericht.',
    );

    const job = await aliceImage('eine Laterne im Nebel');
    const typed = autocompleteInteraction(h.discord, {
      commandName: 'show',
      options: [opt.string('id', 'laterne', true)],
      channelId: ART,
      userId: ALICE,
      locale: Locale.German,
    });
    await h.discord.sendInteraction(typed);
    const choices = ((await h.callbackOf(typed)).body as { data: { choices: unknown[] } }).data.choices;
    expect(choices).toEqual([{ name: 'Bild: eine Laterne im Nebel', value: job.generationId }]);

    await forgetJob(job.generationId);
    const record = await deferredEphemeralReply(h, await german(job.generationId));
    const embed = record.embeds[0] as APIEmbed;
    expect(embed.title).toBe('Generierung beim Dienst · fertig');
    expect(embed.fields?.map((f) => f.name)).toEqual(['ID', 'Modell', 'Erstellt', 'Fertig', 'Ergebnis']);
    expect(embed.fields?.[4]?.value).toMatch(/^\[Datei öffnen\]\(http/);
    expect(embed.footer?.text).toContain('keine Buttons');
  });
});

describe('parseGenerationId', () => {
  it('accepts a UUID with backticks or spaces around it, lower-cased, and nothing else', () => {
    expect(parseGenerationId(' `0A1B2C3D-0000-4000-8000-000000000000` ')).toBe(
      '0a1b2c3d-0000-4000-8000-000000000000',
    );
    expect(parseGenerationId('0a1b2c3d')).toBeUndefined();
    expect(parseGenerationId('../models')).toBeUndefined();
  });
});
