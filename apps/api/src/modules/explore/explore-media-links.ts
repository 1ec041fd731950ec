import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

const HOUR_MS = 60 * 60_000;

/**
 * Signed links to unapproved Explore pictures. A pending picture is served only with a signature
 * over its key and an expiry, which the API hands out only to the post's author (the upload's
 * answer) and to admins (the moderation queue); an approved picture is public. The expiry is the
 * end of the next full hour, so the link stays the same (and cacheable by that browser) for at
 * least an hour. The services sign; the /media/ guard (plugins/explore-media.ts) checks.
 */
export class ExploreMediaLinks {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  private signature(key: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`explore-media\n${key}\n${expires}`).digest();
  }

  /** `url` (the picture's /media address) with `exp` and `sig` added. */
  sign(url: string, key: string): string {
    const expires = (Math.ceil(this.clock.now().getTime() / HOUR_MS) + 1) * (HOUR_MS / 1000);
    const sig = this.signature(key, expires).toString('base64url');
    return `${url}?exp=${expires}&sig=${sig}`;
  }

  allows(key: string, expires: string | null, sig: string | null): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= this.clock.now().getTime()) return false;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.signature(key, Number(expires));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
