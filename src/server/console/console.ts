import type { HttpRequest, HttpResponse } from '../../core/http.js';
import { maskKey } from '../../core/mask.js';
import { CONSOLE_PATH } from '../../core/protocol.js';
import type { ApiKey, KeyStatus } from '../../keys/store.js';
import {
  CONSOLE_CONTENT_SECURITY_POLICY,
  confirmDeletePage,
  keysPage,
  problemPage,
  signInPage,
} from './pages.js';
import { sameSecret, Sessions, type Session } from './sessions.js';

/**
 * The spec's account console, `GET /console` on `weather serve`: sign in with the admin token,
 * then list, create, disable, enable and delete API keys. Every change is a POST of a plain form
 * with the session's CSRF token, answered 303 back to the page (post/redirect/get), so it works
 * without JavaScript and a reload never repeats a change.
 */

/** What the console changes keys with: the same key file `weather keys` uses. */
export interface ConsoleKeyStore {
  read(): ApiKey[];
  create(name: string, now: Date): ApiKey;
  setStatus(reference: string, status: KeyStatus): ApiKey;
  delete(reference: string): ApiKey;
}

export interface ConsoleDeps {
  readonly keys: ConsoleKeyStore;
  readonly token: { matches(candidate: string): boolean };
  /** Wall clock, ms: sessions, sign-in limits, key creation times. */
  readonly now: () => number;
}

export interface ConsoleRequest extends HttpRequest {
  /** The request body as text (forms are application/x-www-form-urlencoded). */
  readonly body: string;
}

export type ConsoleHandler = (request: ConsoleRequest) => HttpResponse;

const COOKIE = 'weather_console';
const COOKIE_ATTRIBUTES = `HttpOnly; SameSite=Strict; Path=${CONSOLE_PATH}`;
const NAME_MAX = 64;

export function isConsoleTarget(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function html(status: number, body: string, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { ...PAGE_HEADERS, ...headers }, body: Buffer.from(body, 'utf8') };
}

function seeOther(headers: Record<string, string> = {}): HttpResponse {
  return {
    status: 303,
    headers: { location: CONSOLE_PATH, 'cache-control': 'no-store', ...headers },
    body: new Uint8Array(0),
  };
}

function cookieOf(request: HttpRequest): string | undefined {
  const header = request.headers.cookie;
  const text = typeof header === 'string' ? header : (header ?? []).join('; ');
  for (const part of text.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

function describeKey(key: ApiKey): string {
  return key.name === '' ? maskKey(key.key) : `${key.name} (${maskKey(key.key)})`;
}

export function createConsole(deps: ConsoleDeps): ConsoleHandler {
  const sessions = new Sessions(deps.now);

  const signIn = (form: URLSearchParams): HttpResponse => {
    const wait = sessions.signInWait();
    if (wait > 0) {
      return html(429, signInPage(`Too many wrong tokens: try again in ${wait} seconds.`), {
        'retry-after': String(wait),
      });
    }
    if (!deps.token.matches(form.get('token') ?? '')) {
      sessions.failedSignIn();
      return html(401, signInPage('That is not the admin token of this console.'));
    }
    const session = sessions.start();
    return seeOther({ 'set-cookie': `${COOKIE}=${session.id}; ${COOKIE_ATTRIBUTES}` });
  };

  /** A change to one key: the key must still exist (another window may have deleted it). */
  const withKey = (
    session: Session,
    form: URLSearchParams,
    change: (key: ApiKey) => HttpResponse | string,
  ): HttpResponse => {
    const key = deps.keys.read().find((k) => k.key === form.get('key'));
    const result = key ? change(key) : 'That key no longer exists.';
    if (typeof result !== 'string') return result;
    session.flash = result;
    return seeOther();
  };

  const change = (path: string, session: Session, form: URLSearchParams): HttpResponse => {
    switch (path) {
      case `${CONSOLE_PATH}/sign-out`:
        sessions.end(session.id);
        return seeOther({ 'set-cookie': `${COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0` });
      case `${CONSOLE_PATH}/keys`: {
        const name = (form.get('name') ?? '').trim().slice(0, NAME_MAX);
        const key = deps.keys.create(name, new Date(deps.now()));
        session.flash = `Created key ${describeKey(key)}.`;
        return seeOther();
      }
      case `${CONSOLE_PATH}/keys/status`: {
        const status = form.get('status');
        if (status !== 'active' && status !== 'inactive') {
          return html(400, problemPage('Bad request', 'The form asked for no status.'));
        }
        return withKey(session, form, (key) => {
          const changed = deps.keys.setStatus(key.key, status);
          return `Key ${describeKey(changed)} is now ${status === 'active' ? 'Active' : 'Inactive'}.`;
        });
      }
      case `${CONSOLE_PATH}/keys/delete`:
        return withKey(session, form, (key) => {
          if (form.get('confirmed') !== 'yes')
            return html(200, confirmDeletePage(key, session.csrf));
          deps.keys.delete(key.key);
          return `Deleted key ${describeKey(key)}.`;
        });
      default:
        return html(404, problemPage('Not found', 'The console has no such page.'));
    }
  };

  const route = (request: ConsoleRequest): HttpResponse => {
    const path = request.url.split('?')[0] ?? '';
    const session = sessions.find(cookieOf(request));
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (path !== CONSOLE_PATH) {
        return html(404, problemPage('Not found', 'The console has no such page.'));
      }
      if (!session) return html(200, signInPage());
      const flash = session.flash;
      session.flash = undefined;
      return html(200, keysPage(deps.keys.read(), session.csrf, flash));
    }
    if (request.method !== 'POST') {
      return html(405, problemPage('Method not allowed', 'Use the forms of the console.'), {
        allow: 'GET, HEAD, POST',
      });
    }
    const form = new URLSearchParams(request.body);
    if (path === `${CONSOLE_PATH}/sign-in`) return signIn(form);
    if (!session) {
      return html(403, problemPage('Signed out', 'Sign in again, then repeat what you did.'));
    }
    if (!sameSecret(form.get('csrf') ?? '', session.csrf)) {
      return html(
        403,
        problemPage(
          'Refused',
          "The form did not carry this session's CSRF token. Reload the console and try again.",
        ),
      );
    }
    return change(path, session, form);
  };

  return (request) => {
    try {
      return route(request);
    } catch (error) {
      // The key file could not be written (a read-only folder, a full disk): say so, change nothing.
      const message = error instanceof Error ? error.message : String(error);
      return html(500, problemPage('The key file could not be changed', message));
    }
  };
}
