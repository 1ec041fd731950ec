import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/**
 * Token kinds of the API contract. Each kind opens only its own door:
 * a temp (otp) token can verify a code and nothing else, a reset token can
 * only reset a password, and so on.
 */
export type TokenKind = 'session' | 'otp' | 'reset' | 'delete' | 'whatsapp';

export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  /** Session id (session and whatsapp kinds): revocable on the server. */
  sid?: string;
  /** One-time token id (otp, reset, delete kinds): single use is enforced by its row. */
  jti?: string;
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
};

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims, ttlSeconds = TOKEN_TTL_SECONDS[claims.kind]): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<(TokenClaims & { exp: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.kind !== 'string') return null;
      return payload as unknown as TokenClaims & { exp: number };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
