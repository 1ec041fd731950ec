import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

export interface GoogleAccessToken {
  /** The OAuth client the token was issued to. */
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

/**
 * A local stand-in for Google's sign-in endpoints: the JWKS that ID tokens are checked against,
 * token-info and userinfo for access tokens. It signs ID tokens with its own key, and `otherKey`
 * signs tokens whose signature must not verify.
 */
export interface FakeGoogle {
  url: string;
  jwksUrl: string;
  userinfoUrl: string;
  tokeninfoUrl: string;
  /** Access tokens the fake knows, by token string. */
  accessTokens: Map<string, GoogleAccessToken>;
  idToken(claims: Record<string, unknown>, options?: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface IdTokenOptions {
  issuer?: string;
  audience?: string;
  expiresInSeconds?: number;
  /** Sign with a key the JWKS does not publish. */
  foreignKey?: boolean;
}

export async function startFakeGoogle(defaults: {
  issuer: string;
  clientId: string;
}): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const accessTokens = new Map<string, GoogleAccessToken>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/certs') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/tokeninfo') {
      const token = accessTokens.get(url.searchParams.get('access_token') ?? '');
      if (!token) return json(res, 400, { error: 'invalid_token' });
      return json(res, 200, {
        aud: token.aud,
        azp: token.aud,
        sub: token.sub,
        scope: 'openid email profile',
        expires_in: '3599',
      });
    }
    if (url.pathname === '/userinfo') {
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const token = accessTokens.get(bearer);
      if (!token) return json(res, 401, { error: 'invalid_request' });
      return json(res, 200, {
        sub: token.sub,
        email: token.email,
        email_verified: token.email_verified,
        name: token.name,
        given_name: token.name?.split(' ')[0],
      });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function idToken(claims: Record<string, unknown>, options: IdTokenOptions = {}) {
    const key: CryptoKey = options.foreignKey ? foreign.privateKey : privateKey;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key-1', typ: 'JWT' })
      .setIssuer(options.issuer ?? defaults.issuer)
      .setAudience(options.audience ?? defaults.clientId)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
      .sign(key);
  }

  return {
    url,
    jwksUrl: `${url}/certs`,
    userinfoUrl: `${url}/userinfo`,
    tokeninfoUrl: `${url}/tokeninfo`,
    accessTokens,
    idToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
