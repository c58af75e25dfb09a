import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../../../src/core/http.js';
import type { ApiKey, KeyStatus } from '../../../../src/keys/store.js';
import {
  createConsole,
  isConsoleTarget,
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
  return { store, handle, send, text, csrf, tick, cookie: () => cookie };
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

/** The title of a page, without the part every page shares. */
function titled(html: string): string | undefined {
  return /<title>([^<]*) · weather serve<\/title>/.exec(html)?.[1];
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

  it('names each problem in the title and heading of its page', () => {
    const { store, send, text, csrf } = setup();
    const signedOut = send('POST', '/console/keys', { name: 'x' });
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const answers = [
      signedOut,
      send('PUT', '/console'),
      send('GET', '/console/keys'),
      send('POST', '/console/nothing', { csrf: token }),
      send('POST', '/console/keys/status', { key: KEY_A, csrf: token }),
      send('POST', '/console/keys', { csrf: 'wrong' }),
    ];
    store.setStatus = () => {
      throw new Error('EACCES: permission denied, open keys.json');
    };
    answers.push(
      send('POST', '/console/keys/status', { key: KEY_A, status: 'inactive', csrf: token }),
    );
    expect(
      answers.map((r) => {
        const html = text(r);
        return [r.status, titled(html), /<h2>([^<]*)<\/h2>/.exec(html)?.[1]];
      }),
    ).toEqual([
      [403, 'Signed out', 'Signed out'],
      [405, 'Method not allowed', 'Method not allowed'],
      [404, 'Not found', 'Not found'],
      [404, 'Not found', 'Not found'],
      [400, 'Bad request', 'Bad request'],
      [403, 'Refused', 'Refused'],
      [500, 'The key file could not be changed', 'The key file could not be changed'],
    ]);
  });

  it('answers HEAD as it answers GET', () => {
    const { send, text } = setup();
    const before = send('HEAD', '/console');
    send('POST', '/console/sign-in', { token: TOKEN });
    const after = send('HEAD', '/console');
    const missing = send('HEAD', '/console/keys');
    expect([before, after, missing].map((r) => [r.status, titled(text(r))])).toEqual([
      [200, 'Sign in'],
      [200, 'API keys'],
      [404, 'Not found'],
    ]);
  });

  it('sends each redirect with no-store and nothing else but its cookie', () => {
    const { send, csrf } = setup();
    const signedIn = send('POST', '/console/sign-in', { token: TOKEN });
    const created = send('POST', '/console/keys', { name: 'ci', csrf: csrf() });
    expect([
      { ...signedIn.headers, 'set-cookie': '<cookie>' },
      created.headers,
      created.body.byteLength,
    ]).toEqual([
      { location: '/console', 'cache-control': 'no-store', 'set-cookie': '<cookie>' },
      { location: '/console', 'cache-control': 'no-store' },
      0,
    ]);
  });

  it('creates a key without a name, cuts a long name to 64 characters, and enables a key again', () => {
    const { store, send, text, csrf } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const flash = () => said(text(send('GET', '/console')));
    send('POST', '/console/keys', { csrf: token });
    const unnamed = flash();
    send('POST', '/console/keys/status', { key: KEY_B, status: 'inactive', csrf: token });
    const disabled = flash();
    send('POST', '/console/keys/status', { key: KEY_B, status: 'active', csrf: token });
    const enabled = flash();
    expect([unnamed, disabled, enabled]).toEqual([
      'Created key fedc************************3210.',
      'Key fedc************************3210 is now Inactive.',
      'Key fedc************************3210 is now Active.',
    ]);
    expect(store.keys.map((k) => [k.name, k.status])).toEqual([
      ['default', 'active'],
      ['', 'active'],
    ]);
    send('POST', '/console/keys', { name: ` ${'n'.repeat(70)} `, csrf: token });
    expect(store.keys[2]?.name).toBe('n'.repeat(64));
  });

  it('ends the session when signing out: its cookie, sent again, no longer signs in', () => {
    const { handle, send, text, csrf, cookie } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const token = csrf();
    const old = cookie() ?? '';
    const again = (): HttpResponse =>
      handle({ method: 'GET', url: '/console', headers: { cookie: old }, body: '' });
    expect(titled(text(again()))).toBe('API keys');
    send('POST', '/console/sign-out', { csrf: token });
    expect(titled(text(again()))).toBe('Sign in');
    const replayed = handle({
      method: 'POST',
      url: '/console/keys',
      headers: { cookie: old },
      body: new URLSearchParams({ csrf: token }).toString(),
    });
    expect([replayed.status, said(text(replayed))]).toEqual([
      403,
      'Sign in again, then repeat what you did.',
    ]);
  });

  it('finds its cookie among several Cookie headers, and takes its value whole', () => {
    const { handle, send, text, cookie } = setup();
    send('POST', '/console/sign-in', { token: TOKEN });
    const id = (cookie() ?? '').replace('weather_console=', '');
    const get = (header: string | string[]) =>
      titled(
        text(handle({ method: 'GET', url: '/console', headers: { cookie: header }, body: '' })),
      );
    expect([
      get(['other=1', `weather_console=${id}`]),
      get(`weather_console=${id.slice(0, 20)}=${id.slice(20)}`),
      get(`weather_console=${id}`),
    ]).toEqual(['API keys', 'Sign in', 'API keys']);
  });

  it('counts the wait after too many wrong tokens from the oldest of them', () => {
    const { send, text, tick } = setup();
    for (let i = 0; i < 5; i++) {
      send('POST', '/console/sign-in', { token: 'x' });
      tick(5_000);
    }
    // Wrong tokens at 0, 5, 10, 15 and 20 s; now 25 s: the first leaves the window at 60 s.
    const limited = send('POST', '/console/sign-in', { token: TOKEN });
    expect([limited.status, limited.headers['retry-after'], said(text(limited))]).toEqual([
      429,
      '35',
      'Too many wrong tokens: try again in 35 seconds.',
    ]);
  });
});

describe('which requests the console answers', () => {
  it('is /console and what lies below it, with or without a query', () => {
    expect(
      [
        '/console',
        '/console?x=1',
        '/console/keys',
        '/console/',
        '/consoles',
        '/',
        '/data/2.5/weather?q=console',
      ].map(isConsoleTarget),
    ).toEqual([true, true, true, true, false, false, false]);
  });
});
