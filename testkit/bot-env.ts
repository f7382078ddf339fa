/**
 * The environment of a bot process on the fake Discord and the simulator, with its store file: what
 * the tests' spawned bots (test/support/bot-process.ts) and the benchmark's bot processes start with.
 */
export function botEnv(
  discord: { botToken: string; apiUrl: string },
  sim: { baseUrl: string; token: string },
  storeFile: string,
  logLevel = 'warn',
): Record<string, string> {
  return {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    MEDIA_API_BASE_URL: sim.baseUrl,
    MEDIA_API_TOKEN: sim.token,
    STORE_URL: `sqlite://${storeFile}`,
    LOG_LEVEL: logLevel,
  };
}
