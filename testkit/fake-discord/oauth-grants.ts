/**
 * The fake's OAuth2 authorization server, as Discord runs it for the authorization code grant with
 * PKCE: the requests a consent page is showing, the codes it hands out (single use, ten minutes),
 * and the tokens they are exchanged for (seven days, until revoked). It checks what Discord checks
 * and a little more (a PKCE S256 challenge is required), so a web side that skips a step fails here.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The scopes a member may grant the web side; any other is refused. */
export const OAUTH_SCOPES = ['identify', 'guilds', 'email'] as const;
/** How long a code can be exchanged, as Discord's. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** An access token's lifetime in seconds, as Discord answers it (`expires_in`). */
export const ACCESS_TOKEN_LIFETIME_S = 604_800;

/** A validated authorization request, waiting for the member's decision on the consent page. */
export interface AuthorizationRequest {
  id: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
}

interface CodeGrant {
  userId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
}

/** What an access token was granted: whose it is and which scopes. */
export interface OAuthGrant {
  accessToken: string;
  refreshToken: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** An OAuth2 answer: the status and the JSON body (RFC 6749's `error` on refusal). */
export interface OAuthAnswer {
  status: number;
  body: Record<string, unknown>;
}

const refuse = (status: number, error: string, description: string): OAuthAnswer => ({
  status,
  body: { error, error_description: description },
});

export class OAuthGrants {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Discord user signed in in the browser (setOAuthUser); null: nobody is. */
  signedInUserId: string | null = null;
  private readonly now: () => number;
  private readonly requests = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, CodeGrant>();
  private readonly byAccess = new Map<string, OAuthGrant>();
  private readonly byRefresh = new Map<string, OAuthGrant>();

  constructor(clientId: string, clientSecret: string, now: () => number) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.now = now;
  }

  /**
   * The authorization request of GET /oauth2/authorize, kept for the consent page's buttons; or why
   * it is refused (shown as an error page, never sent to a redirect URI that may not be the client's).
   */
  request(query: Record<string, string>): AuthorizationRequest | string {
    if (query.client_id !== this.clientId) return `Unknown application: client_id "${query.client_id ?? ''}"`;
    if (query.response_type !== 'code') return 'response_type must be "code"';
    const redirectUri = query.redirect_uri ?? '';
    if (!URL.canParse(redirectUri)) return 'redirect_uri is missing or not an absolute URL';
    const scopes = (query.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) return 'scope is missing';
    const unknown = scopes.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0)
      return `scope not allowed here: ${unknown.join(' ')} (only ${OAUTH_SCOPES.join(' ')})`;
    if (!query.state) return 'state is missing';
    if (!query.code_challenge) return 'code_challenge is missing: this server requires PKCE';
    if (query.code_challenge_method !== 'S256') {
      return `code_challenge_method must be S256 (got "${query.code_challenge_method ?? 'plain'}")`;
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge)) {
      return 'code_challenge is not a base64url SHA-256 digest (43 characters)';
    }
    const request: AuthorizationRequest = {
      id: secret(16),
      redirectUri,
      scopes: [...new Set(scopes)],
      state: query.state,
      codeChallenge: query.code_challenge,
    };
    this.requests.set(request.id, request);
    return request;
  }

  /** The request a consent page's form names, taken: each page's decision is made once. */
  take(requestId: string): AuthorizationRequest | undefined {
    const request = this.requests.get(requestId);
    this.requests.delete(requestId);
    return request;
  }

  /** A code for the signed-in member's consent to the request. */
  issueCode(request: AuthorizationRequest, userId: string): string {
    const code = secret(22);
    this.codes.set(code, {
      userId,
      scopes: request.scopes,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      expiresAt: this.now() + CODE_LIFETIME_MS,
      used: false,
    });
    return code;
  }

  /**
   * Whether the client authenticated, by HTTP Basic (RFC 6749 2.3.1) or by client_id and
   * client_secret in the body; one way only, as the RFC asks.
   */
  clientAuthenticated(authorization: string | undefined, form: Record<string, string>): boolean {
    if (authorization?.startsWith('Basic ')) {
      if (form.client_secret !== undefined) return false;
      const decoded = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return false;
      const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map(formDecode);
      return id === this.clientId && secret === this.clientSecret;
    }
    return form.client_id === this.clientId && form.client_secret === this.clientSecret;
  }

  /** POST /oauth2/token with an authorized client: the code or refresh token exchanged for tokens. */
  token(form: Record<string, string>): OAuthAnswer {
    switch (form.grant_type) {
      case 'authorization_code':
        return this.exchangeCode(form);
      case 'refresh_token':
        return this.refresh(form);
      default:
        return refuse(400, 'unsupported_grant_type', `Unsupported grant type "${form.grant_type ?? ''}"`);
    }
  }

  /** A code is spent by its first exchange, whatever its outcome, so a stolen one is tried once. */
  private exchangeCode(form: Record<string, string>): OAuthAnswer {
    const grant = this.codes.get(form.code ?? '');
    if (!grant || grant.used || this.now() >= grant.expiresAt) {
      return refuse(400, 'invalid_grant', 'Invalid "code" in request.');
    }
    grant.used = true;
    if (form.redirect_uri !== grant.redirectUri) {
      return refuse(400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
    }
    const verifier = form.code_verifier ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
      return refuse(400, 'invalid_request', 'Invalid "code_verifier" in request.');
    }
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) {
      return refuse(400, 'invalid_grant', 'Invalid "code_verifier" in request.');
    }
    return this.issueTokens(grant.userId, grant.scopes);
  }

  /** A refresh token is single use too: it is swapped for a new pair, the old access token revoked. */
  private refresh(form: Record<string, string>): OAuthAnswer {
    const old = this.byRefresh.get(form.refresh_token ?? '');
    if (!old || old.revoked) return refuse(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
    old.revoked = true;
    this.byRefresh.delete(old.refreshToken);
    return this.issueTokens(old.userId, old.scopes);
  }

  private issueTokens(userId: string, scopes: string[]): OAuthAnswer {
    const grant: OAuthGrant = {
      accessToken: secret(22),
      refreshToken: secret(22),
      userId,
      scopes,
      expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
      revoked: false,
    };
    this.byAccess.set(grant.accessToken, grant);
    this.byRefresh.set(grant.refreshToken, grant);
    return {
      status: 200,
      body: {
        access_token: grant.accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_S,
        refresh_token: grant.refreshToken,
        scope: scopes.join(' '),
      },
    };
  }

  /**
   * POST /oauth2/token/revoke: the grant of an access or a refresh token stops working (both its
   * tokens). An unknown token is answered the same (RFC 7009), so the answer tells nothing.
   */
  revoke(token: string): void {
    const grant = this.byAccess.get(token) ?? this.byRefresh.get(token);
    if (grant) grant.revoked = true;
  }

  /** The grant of an `Authorization: Bearer` header that works now, if any. */
  bearer(authorization: string | undefined): OAuthGrant | undefined {
    if (!authorization?.startsWith('Bearer ')) return undefined;
    const grant = this.byAccess.get(authorization.slice('Bearer '.length));
    return grant && !grant.revoked && this.now() < grant.expiresAt ? grant : undefined;
  }
}

/** HTTP Basic credentials of OAuth2 clients are form-encoded before base64 (RFC 6749 2.3.1). */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

/** A code or token no one guesses (base64url, as long as Discord's). */
function secret(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}
