/**
 * The one undici agent for the bot's own HTTP calls (the Media API and output downloads); every
 * call of ours names it instead of relying on the process-wide default dispatcher.
 *
 * The bot's undici is discord.js's: the same major (6, which discord.js 14 ships), so that npm
 * installs one copy and the process loads it once (4.4 MB less heap at rest than with a second major
 * beside it, docs/performance.md). Two majors in one process also fought over the default
 * dispatcher (the first to load registers it, and undici 6 cannot drive undici 7's: every Discord
 * upload failed unless discord.js loaded first). Forcing discord.js onto undici 7 instead (an npm
 * override) breaks its uploads: @discordjs/rest 2.6 builds its multipart bodies for undici 6.
 */
import { Agent } from 'undici';

// Our modules take undici's functions from here, so that one module says which undici they use.
export { request } from 'undici';

/** Shared keep-alive connections for the Media API and output downloads. */
export const httpAgent = new Agent({ connections: 32 });
