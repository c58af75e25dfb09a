import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../../../src/core/http.js';
import type { ApiKey, KeyStatus } from '../../../../src/keys/store.js';
import {
  createConsole,
  type ConsoleKeyStore,
  type ConsoleRequest,
} from '../../../../src/server/console/console.js';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../../../src/server/console/pages.js';

const TOKEN = 'the-admin-token';
const KEY_A = '0123456789abcdef0123456789abcdef';
const KEY_B = 'fedcba9876543210fedcba9876543210';

/** The key store in memory, with the semantics of KeyFile for keys given by value. */
function memoryStore(initial: ApiKey[]): ConsoleKeyStore & { keys: ApiKey[] } {
  const store = {
    keys: initial,
    read: () => [...store.keys],
    create: (name: string, now: Date) => {
      const key: ApiKey = { key: KEY_B, name, status: 'active', created: now.toISOString() };
      store.keys = [...store.keys, key];
      return key;
    },
    setStatus: (reference: string, status: KeyStatus) => {
      store.keys = store.keys.map((k) => (k.key === reference ? { ...k, status } : k));
      const changed = store.keys.find((k) => k.key === reference);
      if (!changed) throw new Error('no such key');
      return changed;
    },
    delete: (reference: string) => {
      const found = store.keys.find((k) => k.key === reference);
      if (!found) throw new Error('no such key');
      store.keys = store.keys.filter((k) => k.key !== reference);
      return found;
    },
  };
  return store;
}

function setup() {
  let now = Date.UTC(2026, 0, 1);
  const store = memoryStore([
    { key: KEY_A, name: 'default', status: 'active', created: '2026-01-01T00:00:00.000Z' },
  ]);
  const handle = createConsole({
    keys: store,
    token: { matches: (candidate) => candidate === TOKEN },
    now: () => now,
  });
  let cookie: string | undefined;
  const send = (method: string, url: string, form: Record<string, string> = {}): HttpResponse => {
    const request: ConsoleRequest = {
      method,
      url,
      headers: cookie === undefined ? {} : { cookie: `other=1; ${cookie}` },
      body: new URLSearchParams(form).toString(),
    };
    const response = handle(request);
    const set = response.headers['set-cookie'];
    if (set !== undefined) cookie = set.split(';')[0];
    return response;
  };
  const text = (response: HttpResponse) => Buffer.from(response.body).toString('utf8');
  const csrf = () => /name="csrf" value="([^"]+)"/.exec(text(send('GET', '/console')))?.[1] ?? '';
  const tick = (ms: number) => (now += ms);
  return { store, send, text, csrf, tick, cookie: () => cookie };
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** The message of a page (its alert or status paragraph), or its h2 when it has none. */
function said(html: string): string | undefined {
  return (/<p[^>]*role="(?:alert|status)"[^>]*>([^<]*)</.exec(html) ??
    /<h2[^>]*>([^<]*)</.exec(html))?.[1];
}

describe('the account console', () => {
  it('asks for the token, limits wrong ones, and starts a session with a strict cookie', () => {
    const { send, text, tick, cookie } = setup();
    const first = send('GET', '/console');
    expect([first.status, first.headers, said(text(first))]).toEqual([
      200,
      PAGE_HEADERS,
      'Sign in',
    ]);
    const wrong = Array.from({ length: 6 }, () => send('POST', '/console/sign-in', { token: 'x' }));
    expect(wrong.map((r) => [r.status, said(text(r)), r.headers['retry-after']])).toEqual([
      ...Array.from({ length: 5 }, () => [
        401,
        'That is not the admin token of this console.',
        undefined,
      ]),
      [429, 'Too many wrong tokens: try again in 60 seconds.', '60'],
    ]);
    expect(send('POST', '/console/sign-in', { token: TOKEN }).status).toBe(429);
    tick(60_000);
    const signedIn = send('POST', '/console/sign-in', { token: TOKEN });
    expect([signedIn.status, signedIn.headers.location]).toEqual([303, '/console']);
    expect(signedIn.headers['set-cookie']?.replace(/=[\w-]{43};/, '=<id>;')).toBe(
      'weather_console=<id>; HttpOnly; SameSite=Strict; Path=/console',
    );
    expect(said(text(send('GET', '/console')))).toBe('API keys');
    expect(cookie()).toMatch(/^weather_console=[\w-]{43}$/);
  });

  it('changes keys only by POST with the CSRF token, then shows what it did', () => {
    const { store, send, text, csrf } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const refused = [
      send('POST', '/console/keys/status', { key: KEY_A, status: 'inactive' }),
      send('POST', '/console/keys/status', { key: KEY_A, status: 'inactive', csrf: `${token}x` }),
      send('GET', '/console/keys/status?key=x&status=inactive'),
    ];
    expect(refused.map((r) => [r.status, said(text(r))])).toEqual([
      [
        403,
        'The form did not carry this session&#39;s CSRF token. Reload the console and try again.',
      ],
      [
        403,
        'The form did not carry this session&#39;s CSRF token. Reload the console and try again.',
      ],
      [404, 'The console has no such page.'],
    ]);
    expect(store.keys.map((k) => k.status)).toEqual(['active']);

    const steps = [
      send('POST', '/console/keys/status', { key: KEY_A, status: 'inactive', csrf: token }),
      send('GET', '/console'),
      send('POST', '/console/keys', { name: ' ci ', csrf: token }),
      send('GET', '/console'),
      send('POST', '/console/keys/delete', { key: KEY_B, csrf: token }),
      send('POST', '/console/keys/delete', { key: KEY_B, csrf: token, confirmed: 'yes' }),
      send('GET', '/console'),
      send('POST', '/console/keys/delete', { key: KEY_B, csrf: token, confirmed: 'yes' }),
      send('GET', '/console'),
    ];
    expect(
      steps.map((r) => [r.status, r.status === 303 ? r.headers.location : said(text(r))]),
    ).toEqual([
      [303, '/console'],
      [200, 'Key default (0123************************cdef) is now Inactive.'],
      [303, '/console'],
      [200, 'Created key ci (fedc************************3210).'],
      [200, 'Delete key ci?'],
      [303, '/console'],
      [200, 'Deleted key ci (fedc************************3210).'],
      [303, '/console'],
      [200, 'That key no longer exists.'],
    ]);
    expect(store.keys.map((k) => [k.key, k.status])).toEqual([[KEY_A, 'inactive']]);
  });

  it('answers what its forms never send with a page that says what was wrong', () => {
    const { store, send, text, csrf } = setup();
    const signedOut = [
      send('POST', '/console/sign-in', {}),
      send('POST', '/console/keys', { name: 'x' }),
    ];
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const answers = [
      ...signedOut,
      send('PUT', '/console'),
      send('GET', '/console/keys'),
      send('POST', '/console/nothing', { csrf: token }),
      send('POST', '/console/keys/status', { key: KEY_A, status: 'paused', csrf: token }),
      send('POST', '/console/keys/status', { key: KEY_A, csrf: token }),
    ];
    expect(answers.map((r) => [r.status, said(text(r)), r.headers['allow']])).toEqual([
      [401, 'That is not the admin token of this console.', undefined],
      [403, 'Sign in again, then repeat what you did.', undefined],
      [405, 'Use the forms of the console.', 'GET, HEAD, POST'],
      [404, 'The console has no such page.', undefined],
      [404, 'The console has no such page.', undefined],
      [400, 'The form asked for no status.', undefined],
      [400, 'The form asked for no status.', undefined],
    ]);
    expect(store.keys.map((k) => [k.name, k.status])).toEqual([['default', 'active']]);
  });

  it('changes nothing and says why when the key file cannot be written', () => {
    const { store, send, text, csrf } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    store.create = () => {
      throw new Error('EROFS: read-only file system, open keys.json');
    };
    const r = send('POST', '/console/keys', { name: 'ci', csrf: token });
    expect([r.status, said(text(r))]).toEqual([
      500,
      'EROFS: read-only file system, open keys.json',
    ]);
    expect(store.keys.map((k) => k.name)).toEqual(['default']);
  });

  it('labels the toggle with what it does, and signs out', () => {
    const { send, text, csrf } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)/g)].map((m) => m[1]);
    expect(buttons(text(send('GET', '/console')))).toEqual([
      'Sign out',
      'Disable',
      'Delete',
      'Create key',
    ]);
    send('POST', '/console/keys/status', { key: KEY_A, status: 'inactive', csrf: token });
    expect(buttons(text(send('GET', '/console')))).toEqual([
      'Sign out',
      'Enable',
      'Delete',
      'Create key',
    ]);
    const out = send('POST', '/console/sign-out', { csrf: token });
    expect([out.status, out.headers['set-cookie']]).toEqual([
      303,
      'weather_console=; HttpOnly; SameSite=Strict; Path=/console; Max-Age=0',
    ]);
    const after = send('POST', '/console/keys', { csrf: token });
    expect([after.status, said(text(after))]).toEqual([
      403,
      'Sign in again, then repeat what you did.',
    ]);
  });

  it('ends a session unused for eight hours', () => {
    const { send, text, tick } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    tick(8 * 3_600_000 - 1);
    expect(said(text(send('GET', '/console')))).toBe('API keys');
    tick(8 * 3_600_000);
    expect(said(text(send('GET', '/console')))).toBe('Sign in');
  });

  it('escapes key names', () => {
    const { store, send, text } = setup();
    store.keys = store.keys.map((key) => ({ ...key, name: '<b>"x"</b>' }));
    send('POST', '/console/sign-in', { token: TOKEN });
    const rows = /<tbody>\n([\s\S]*?)<\/tbody>/.exec(text(send('GET', '/console')))?.[1] ?? '';
    expect(rows.match(/<td>[^<]*&lt;b&gt;[^<]*<\/td>/g)).toEqual([
      '<td>&lt;b&gt;&quot;x&quot;&lt;/b&gt;</td>',
    ]);
  });
});
