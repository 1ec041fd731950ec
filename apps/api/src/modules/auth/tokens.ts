import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/**
 * Token kinds of the API contract. Each kind opens only its own door:
 * a temp (otp) token can verify a code and nothing else, a reset token can
 * only reset a password, and so on.
 */
export type TokenKind = 'session' | 'otp' | 'reset' | 'delete' | 'whatsapp' | 'verify';

export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  /** Session id (session and whatsapp kinds): revocable on the server. */
  sid?: string;
  /** One-time token id (otp, reset, delete, verify kinds): single use is enforced by its row. */
  jti?: string;
  /** The address a reset or verify link was mailed to: using it proves that address (verify). */
  em?: string;
  /** Pending WhatsApp number (whatsapp kind). */
  wa?: string;
}

const ISSUER = 'exhale';

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  session: 30 * 24 * 3600,
  whatsapp: 30 * 24 * 3600,
  otp: 10 * 60,
  reset: 30 * 60,
  delete: 24 * 3600,
  verify: 7 * 24 * 3600,
};

/** Verified tokens remembered per process; bounds memory at a few MB. */
const VERIFIED_CACHE_SIZE = 5_000;

type VerifiedClaims = Readonly<TokenClaims & { exp: number }>;

export class TokenService {
  /**
   * Imported once: given the raw secret, jose imports a WebCrypto key on every call, which
   * cost about three times the verification itself.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature this process has checked or is checking. A client sends the same
   * token with every request, and a token's claims never change, so a repeat only needs the
   * expiry checked again; revocation is not decided here (the session row is read on every
   * request). Concurrent requests with one token share one check; tokens that fail it are not
   * kept.
   */
  private readonly verified = new Map<string, Promise<VerifiedClaims | null>>();

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims, ttlSeconds = TOKEN_TTL_SECONDS[claims.kind]): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    let check = this.verified.get(token);
    if (!check) {
      // Oldest first out (a Map iterates in insertion order).
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        this.verified.delete(this.verified.keys().next().value!);
      }
      check = this.check(token);
      this.verified.set(token, check);
      const settled = check;
      void settled.then(
        (claims) => {
          if (!claims) this.forget(token, settled);
        },
        () => this.forget(token, settled),
      );
    }
    const claims = await check;
    // jose's rule: expired once `exp` is not after the current second.
    if (claims && claims.exp > Math.floor(Date.now() / 1000)) return claims;
    if (claims) this.forget(token, check);
    return null;
  }

  private forget(token: string, check: Promise<VerifiedClaims | null>): void {
    if (this.verified.get(token) === check) this.verified.delete(token);
  }

  private async check(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.kind !== 'string') return null;
      if (typeof payload.exp !== 'number') return null;
      return Object.freeze(payload as unknown as TokenClaims & { exp: number });
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
