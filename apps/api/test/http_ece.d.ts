declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Decrypts an `aes128gcm` body (RFC 8188) as a browser does (RFC 8291). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
}
