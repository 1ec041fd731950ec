import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** What the app trusts about a Google account: only what Google itself vouches for. */
export interface GoogleProfile {
  sub: string;
  /** Lowercased; only ever a verified address. */
  email: string;
  name: string | undefined;
}

/** The credential is not acceptable (forged, expired, for another app, unverified email). */
export class GoogleCredentialError extends Error {
  override readonly name = 'GoogleCredentialError';
}

/** Google could not be asked (network, timeout, 5xx): not the user's fault. */
export class GoogleUnavailableError extends Error {
  override readonly name = 'GoogleUnavailableError';
}

export interface GoogleIdentityOptions {
  clientId: string;
  issuer: string;
  jwksUrl: string;
  userinfoUrl: string;
  tokeninfoUrl: string;
  timeoutMs?: number;
}

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * Verifies Google sign-in credentials on the server: an ID token against Google's published keys,
 * or an OAuth access token against Google's token-info and userinfo endpoints.
 */
export class GoogleIdentity {
  private readonly keys: JWTVerifyGetKey;
  private readonly issuers: string[];
  private readonly timeoutMs: number;

  constructor(private readonly options: GoogleIdentityOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000 });
    this.issuers = GOOGLE_ISSUERS.includes(options.issuer) ? GOOGLE_ISSUERS : [options.issuer];
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async verifyIdToken(credential: string): Promise<GoogleProfile> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, this.keys, {
        issuer: this.issuers,
        audience: this.options.clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout) throw new GoogleUnavailableError(error.message);
      if (error instanceof joseErrors.JOSEError) throw new GoogleCredentialError(error.code);
      // Fetching the key set failed below jose (DNS, connection refused).
      throw new GoogleUnavailableError((error as Error).message);
    }
    return this.profile(payload);
  }

  async verifyAccessToken(accessToken: string): Promise<GoogleProfile> {
    // Userinfo answers for any app's token; token-info says which app it was issued to. Without
    // this check, any site the user signed in to with Google could sign in here as them.
    const info = await this.getJson(
      `${this.options.tokeninfoUrl}?access_token=${encodeURIComponent(accessToken)}`,
    );
    if (info.aud !== this.options.clientId && info.azp !== this.options.clientId) {
      throw new GoogleCredentialError('access token issued to another client');
    }
    const user = await this.getJson(this.options.userinfoUrl, accessToken);
    if (typeof info.sub === 'string' && info.sub !== user.sub) {
      throw new GoogleCredentialError('token-info and userinfo disagree');
    }
    return this.profile(user);
  }

  private profile(claims: Record<string, unknown>): GoogleProfile {
    const { sub, email } = claims;
    if (typeof sub !== 'string' || sub === '') throw new GoogleCredentialError('no subject');
    if (typeof email !== 'string' || !email.includes('@')) {
      throw new GoogleCredentialError('no email');
    }
    if (!isVerified(claims.email_verified)) throw new GoogleCredentialError('email not verified');
    const name = [claims.name, claims.given_name].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    return { sub, email: email.toLowerCase(), name: name?.trim() };
  }

  private async getJson(url: string, bearer?: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GoogleUnavailableError((error as Error).message);
    }
    if (response.status >= 500)
      throw new GoogleUnavailableError(`Google answered ${response.status}`);
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok || !body || typeof body !== 'object') {
      throw new GoogleCredentialError(`Google answered ${response.status}`);
    }
    return body as Record<string, unknown>;
  }
}
