/** What the tests' spawned bots and the benchmark's bot processes are started with. */

/** The environment of a bot process on the fake Discord and the simulator, with its store file. */
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
