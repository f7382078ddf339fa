/**
 * Sign-in with Discord: OAuth2's authorization code with PKCE (S256) and `state`, scopes
 * `identify guilds` and nothing more, through openid-client (which speaks plain OAuth2). The client
 * id is the application's id; the access token is used for the two reads a login needs (who, and
 * which servers) and then revoked and forgotten: the web keeps no Discord token.
 * Discord's answers are untrusted input: read through zod.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';

export const SCOPES = 'identify guilds';
/** Each call to Discord waits this long at most (openid-client's own calls too). */
const CALL_TIMEOUT_S = 10;

export interface DiscordOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Discord's authorization page. */
  authorizeUrl: string;
  /** DISCORD_API_URL (`https://discord.com/api`): the token exchange and the user's data. */
  apiUrl: string;
  /** `<WEB_PUBLIC_URL>/auth/callback`. */
  redirectUri: string;
}

const userSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  username: z.string().max(100),
  global_name: z.string().max(100).nullish(),
  locale: z.string().max(20).nullish(),
});
const guildsSchema = z.array(z.object({ id: z.string().regex(/^\d{1,20}$/) }).loose()).max(1000);

export interface DiscordUser {
  id: string;
  name: string;
  locale: string | null;
}

/** What a login learned of the member, the token already gone. */
export interface SignedInMember {
  user: DiscordUser;
  guildIds: string[];
}

export class DiscordOAuth {
  private readonly config: oidc.Configuration;
  private readonly o: DiscordOAuthOptions;

  constructor(o: DiscordOAuthOptions) {
    this.o = o;
    const api = o.apiUrl.replace(/\/+$/, '');
    this.config = new oidc.Configuration(
      {
        // Discord publishes no OAuth metadata; these are its documented endpoints.
        issuer: new URL(o.authorizeUrl).origin,
        authorization_endpoint: o.authorizeUrl,
        token_endpoint: `${api}/v10/oauth2/token`,
        revocation_endpoint: `${api}/v10/oauth2/token/revoke`,
      },
      o.clientId,
      undefined,
      oidc.ClientSecretPost(o.clientSecret),
    );
    this.config.timeout = CALL_TIMEOUT_S;
    // A fake Discord in tests listens on plain http on loopback; Discord itself is https.
    if (new URL(api).protocol === 'http:' || new URL(o.authorizeUrl).protocol === 'http:') {
      oidc.allowInsecureRequests(this.config);
    }
  }

  /** Where the browser goes to sign in: Discord's page, with the challenge of `verifier` and `state`. */
  async authorizationUrl(state: string, verifier: string): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.config, {
      redirect_uri: this.o.redirectUri,
      scope: SCOPES,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
  }

  /**
   * The callback's code exchanged (openid-client checks `state` and sends the verifier), the member
   * read, and the token revoked. Throws when Discord refuses the code or answers something else.
   */
  async signIn(callbackUrl: URL, state: string, verifier: string): Promise<SignedInMember> {
    const tokens = await oidc.authorizationCodeGrant(this.config, callbackUrl, {
      expectedState: state,
      pkceCodeVerifier: verifier,
    });
    const token = tokens.access_token;
    try {
      const [user, guilds] = await Promise.all([
        this.read(token, '/users/@me', userSchema),
        this.read(token, '/users/@me/guilds', guildsSchema),
      ]);
      return {
        user: { id: user.id, name: user.global_name || user.username, locale: user.locale ?? null },
        guildIds: guilds.map((g) => g.id),
      };
    } finally {
      // Nothing more is read with it: a token that still works is a token that can leak.
      await oidc.tokenRevocation(this.config, token).catch(() => undefined);
    }
  }

  private async read<S extends z.ZodType>(token: string, path: string, schema: S): Promise<z.infer<S>> {
    const url = new URL(`${this.o.apiUrl.replace(/\/+$/, '')}/v10${path}`);
    const response = await oidc.fetchProtectedResource(this.config, token, url, 'GET');
    if (!response.ok) throw new Error(`Discord answered ${response.status} to ${path}`);
    return schema.parse(await response.json());
  }
}
