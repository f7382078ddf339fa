/**
 * For the image check (.ci/image/check.sh): the fake Discord and the Media API simulator the
 * assembled image talks to, on loopback. Prints one JSON line with their addresses and tokens,
 * then serves until SIGTERM; at exit it fails (exit 1) if the bot sent Discord a body Discord
 * would refuse.
 */
import { systemClock } from '../../src/clock.ts';
import { startSimulator } from '../../src/sim/server.ts';
import { startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../../testkit/ids.ts';

const sim = await startSimulator({ clock: systemClock });
const discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
process.stdout.write(
  `${JSON.stringify({ discordApiUrl: discord.apiUrl, discordToken: discord.botToken, mediaBaseUrl: sim.baseUrl, mediaToken: sim.token })}\n`,
);
process.once('SIGTERM', () => {
  void (async () => {
    let code = 0;
    await discord.close().catch((err: unknown) => {
      process.stderr.write(`the fake Discord saw a request Discord would refuse: ${String(err)}\n`);
      code = 1;
    });
    await sim.close();
    process.exit(code);
  })();
});
