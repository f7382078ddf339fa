/** What the web side is given (the wiring builds it) and what each request carries through hono. */
import type { Clock } from '../clock.ts';
import type { Localizer } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { ResultsIndex } from '../results/result.ts';
import type { ServerAccess } from '../results/server-access.ts';
import type { SignedInMember } from './discord-oauth.ts';
import type { LoginFlow } from './login-flow.ts';
import type { RemakeCommands } from './remake-command.ts';
import type { Session, SessionStore } from './sessions.ts';
import type { ModelChoice } from './views/gallery.ts';

/** The sign-in's two steps (DiscordOAuth): where to send the browser, and the callback's exchange. */
export interface SignIn {
  authorizationUrl(state: string, verifier: string): Promise<URL>;
  signIn(callbackUrl: URL, state: string, verifier: string): Promise<SignedInMember>;
}

export interface WebDeps {
  /** Where members open the site (no trailing slash): its origin is what a POST's Origin must be. */
  publicUrl: string;
  trustProxy: boolean;
  signIn: SignIn;
  sessions: SessionStore;
  logins: LoginFlow;
  results: ResultsIndex;
  access: ServerAccess;
  /** The catalog's models as they are now, for the gallery's model filter. */
  models: () => readonly ModelChoice[];
  commands: RemakeCommands;
  /** Where result files and server icons may come from (the CSP's img-src and media-src). */
  mediaOrigins: readonly string[];
  clock: Clock;
  logger: Logger;
}

export interface WebEnv {
  Variables: {
    session: Session | undefined;
    sessionId: string | undefined;
    l: Localizer;
  };
}
