import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/files.js';

/**
 * The admin token of the account console (`GET /console` on `weather serve`). Only its SHA-256
 * is stored: the token is 256 random bits, so a fast hash is as good as a slow one, and the file
 * gives nothing to sign in with. Issuing a token replaces the previous one.
 */
function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export class ConsoleToken {
  constructor(readonly path: string) {}

  /** A new token, whose hash replaces the stored one; the token itself is not kept. */
  issue(now: Date): string {
    const token = randomBytes(32).toString('base64url');
    const stored = { sha256: digest(token).toString('hex'), issued: now.toISOString() };
    writeFileAtomic(this.path, `${JSON.stringify(stored, null, 2)}\n`);
    return token;
  }

  /** True when `candidate` is the token issued last; false for anything else, or no token. */
  matches(candidate: string): boolean {
    let stored: unknown;
    try {
      stored = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      return false;
    }
    const hex = (stored as { sha256?: unknown } | null)?.sha256;
    if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), digest(candidate));
  }
}
