/**
 * The one undici 7 agent for the bot's own HTTP calls (the Media API and output downloads).
 *
 * discord.js 14 ships undici 6. The first undici to load in a process registers its dispatcher as
 * the process-wide default, and undici 6 cannot drive an undici 7 dispatcher: every Discord upload
 * then fails. So discord.js (and with it undici 6) is loaded before undici 7 here, and every call
 * of ours names this agent instead of relying on the default.
 */
import 'discord.js';
import { Agent } from 'undici';

// Our modules take undici's functions from here, never from 'undici' directly, so that this
// module's load order holds whatever order their imports are sorted in.
export { request } from 'undici';

/** Shared keep-alive connections for the Media API and output downloads. */
export const httpAgent = new Agent({ connections: 32 });
