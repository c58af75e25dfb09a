import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A signed-in browser: its CSRF token, and one message for the next page it sees. */
export interface Session {
  readonly id: string;
  readonly csrf: string;
  expiresAt: number;
  flash: string | undefined;
}

/** A session not used for this long is gone: sign in again. */
export const SESSION_IDLE_MS = 8 * 3_600_000;

/** Sign-in attempts with a wrong token: at most this many in the window, then 429 until it passes. */
export const SIGN_IN_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 60_000;

function secret(): string {
  return randomBytes(32).toString('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The console's sessions, in memory: a restart signs everyone out. */
export class Sessions {
  private readonly byId = new Map<string, Session>();
  private failures: number[] = [];

  constructor(private readonly now: () => number) {}

  start(): Session {
    const session: Session = {
      id: secret(),
      csrf: secret(),
      expiresAt: this.now() + SESSION_IDLE_MS,
      flash: undefined,
    };
    this.byId.set(session.id, session);
    return session;
  }

  /** The live session with this id; using it extends it. */
  find(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    const session = this.byId.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.now()) {
      this.byId.delete(id);
      return undefined;
    }
    session.expiresAt = this.now() + SESSION_IDLE_MS;
    return session;
  }

  end(id: string): void {
    this.byId.delete(id);
  }

  /** Seconds until another sign-in may be tried, or 0 when one may now. */
  signInWait(): number {
    const now = this.now();
    this.failures = this.failures.filter((at) => now - at < SIGN_IN_WINDOW_MS);
    if (this.failures.length < SIGN_IN_FAILURES) return 0;
    const oldest = this.failures[0] ?? now;
    return Math.max(1, Math.ceil((oldest + SIGN_IN_WINDOW_MS - now) / 1000));
  }

  failedSignIn(): void {
    this.failures.push(this.now());
  }
}
