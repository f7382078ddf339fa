/**
 * The real bot process and its signals: SIGTERM during the start stops it promptly (the start is
 * left waiting on a Discord that accepts connections and never answers), SIGTERM and SIGINT after
 * it run the ordered stop and exit 0, and a promise rejection nothing handled is logged at error
 * level without ending the bot.
 */
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type BotProcess, useSpawnedBot } from '../support/bot-process.ts';

const procs = useSpawnedBot('bot-signals');

/** The JSON log lines the process wrote so far. */
function logs(bot: BotProcess): { level: number; msg: string; err?: { message?: string } }[] {
  return bot
    .output()
    .stdout.split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** Resolves once the process logged `msg`; rejects if it exits first. */
function logged(bot: BotProcess, msg: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (logs(bot).some((l) => l.msg === msg)) {
        bot.child.stdout?.off('data', look);
        resolve();
      }
    };
    bot.child.stdout?.on('data', look);
    void bot.exited.then((code) =>
      reject(new Error(`exited (${code}) before "${msg}": ${bot.output().stderr}`)),
    );
    look();
  });
}

function start(name: string, env: Record<string, string> = {}, nodeArgs: string[] = []): BotProcess {
  return procs.spawn({ store: name, logLevel: 'info', env, nodeArgs });
}

describe('stop signals', () => {
  it('SIGTERM during the start stops it promptly, with exit code 0', async () => {
    // A Discord that takes the connection and never answers: the start waits in its first REST call.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as { port: number };
    try {
      const connected = once(silent, 'connection');
      const bot = start('during-start', { DISCORD_API_URL: `http://127.0.0.1:${port}/api` });
      await connected;
      const signalled = performance.now();
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
      // "Promptly": the bound for a start that cannot go on is 10 s; this one is told to stop.
      expect((performance.now() - signalled) / 1000).toBeLessThan(10);
      const messages = logs(bot).map((l) => l.msg);
      expect(messages).toContain('stopping during the start');
      expect(messages).toContain('stopped during the start');
      expect(messages).not.toContain('bot ready');
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s after the start runs the ordered stop and exits 0',
    async (signal) => {
      const bot = start(`after-start-${signal}`);
      await logged(bot, 'bot ready');
      bot.child.kill(signal);
      expect(await bot.exited).toBe(0);
      const lines = logs(bot);
      const stopping = lines.findIndex((l) => l.msg === 'stopping');
      expect(stopping).toBeGreaterThan(-1);
      expect(lines.at(-1)?.msg).toBe('stopped');
      // What was still running when the signal came (a server's welcome, from the gateway's
      // GUILD_CREATEs just after READY) may log while it finishes, but nothing fails.
      expect(lines.slice(stopping).filter((l) => l.level >= 40)).toEqual([]);
    },
  );

  it('logs a promise rejection nothing handled at error level, and keeps running', async () => {
    // A module loaded before main.ts that leaves a rejection unhandled once the bot is up.
    const module = `setTimeout(() => { Promise.reject(new Error('nobody awaited this')); }, 0).unref();`;
    const bot = start('unhandled', {}, ['--import', `data:text/javascript,${encodeURIComponent(module)}`]);
    await logged(bot, 'unhandled promise rejection');
    const line = logs(bot).find((l) => l.msg === 'unhandled promise rejection');
    expect(line?.level).toBe(50);
    expect(line?.err?.message).toBe('nobody awaited this');
    await logged(bot, 'bot ready');
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
  });
});
