import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet quick enough on a 2-core box.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}

/**
 * A fixed hash to verify against when the account does not exist, so a wrong
 * email costs the same time as a wrong password and reveals nothing.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-#1');
  return dummyHash;
}
