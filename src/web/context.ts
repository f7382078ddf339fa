/** What the web side is given (the wiring builds it) and what each request carries through hono. */
import type { Clock } from '../clock.ts';
import type { Localizer } from '../i18n/index.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { AccountSources } from '../quota/account-figures.ts';
import type { QuotaDefaults } from '../quota/settings.ts';
import type { QuotaAdmin, QuotaLedger, QuotaService, ServerDashboard } from '../quota/types.ts';
import type { ResultsIndex } from '../results/result.ts';
import type { ResultMessages } from '../results/result-messages.ts';
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
  /** Results' messages in Discord, for an admin's take-down. */
  messages: ResultMessages;
  /**
   * Held around a server's take-downs, across processes on Redis: a second take-down (a double
   * click, another admin) waits until the first is recorded, as Discord's word of the deletion may
   * empty the index before the record is written.
   */
  takeDownLock: KeyedLock;
  /** The catalog's models as they are now, for the gallery's model filter. */
  models: () => readonly ModelChoice[];
  commands: RemakeCommands;
  /** Where result files and server icons may come from (the CSP's img-src and media-src). */
  mediaOrigins: readonly string[];
  /** The admins' dashboard: the quota's services, the same /quota and /balance use. */
  quota: AdminQuota;
  clock: Clock;
  logger: Logger;
}

/** What the dashboard reads and changes: the quota's own services, so a change is what the next /imagine sees. */
export interface AdminQuota {
  admin: QuotaAdmin;
  service: Pick<QuotaService, 'summary'>;
  ledger: Pick<QuotaLedger, 'since' | 'forPeriod'>;
  dashboard: ServerDashboard;
  /** The operator's defaults, which a server's unset rules fall back to. */
  defaults: QuotaDefaults;
  /** The service's account and usage log, for the account's figures and the drift (as /balance). */
  account: Omit<AccountSources, 'quotaLedger'>;
  /** The servers whose ledgers the drift adds up (as /balance: this process's). */
  botGuildIds: () => readonly string[];
  /** A model's label in the catalog (its slug when the catalog does not know it). */
  modelLabel: (slug: string) => string;
}

export interface WebEnv {
  Variables: {
    session: Session | undefined;
    sessionId: string | undefined;
    l: Localizer;
  };
}
