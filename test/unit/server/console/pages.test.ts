import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../../../src/keys/store.js';
import { confirmDeletePage, keysPage, signInPage } from '../../../../src/server/console/pages.js';

const KEY_A = '0123456789abcdef0123456789abcdef';
const KEY_B = 'fedcba9876543210fedcba9876543210';
const UNNAMED: ApiKey = {
  key: KEY_A,
  name: '',
  status: 'inactive',
  created: '2026-01-01T00:00:00.000Z',
};
const NAMED: ApiKey = {
  key: KEY_B,
  name: 'ci',
  status: 'active',
  created: '2026-01-02T00:00:00.000Z',
};

/** A page without its style sheet (tested by its hash in the CSP): its title, and its body. */
function shown(html: string): string {
  const head = html.slice(0, html.indexOf('<style>'));
  const body = html.slice(html.indexOf('</style>'));
  return `${head}${body}`;
}

function document(title: string, header: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · weather serve</title>
</style>
</head>
<body>
<header><h1>weather serve: account console</h1>${header}</header>
<main>
${main}
</main>
</body>
</html>
`;
}

function signOut(csrf: string): string {
  return `<form class="inline" method="post" action="/console/sign-out"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary">Sign out</button></form>`;
}

const SIGN_IN_FORM = `<p>Use the admin token that <code>weather serve</code> printed when it started, or a new one from <code>weather keys console-token</code>.</p>
<form method="post" action="/console/sign-in">
<p><label for="token">Admin token</label><br>
<input type="password" id="token" name="token" autocomplete="off" required size="48"></p>
<p><button type="submit">Sign in</button></p>
</form>`;

function keysMain(rows: string, csrf: string): string {
  return `<section aria-labelledby="keys">
<h2 id="keys">API keys</h2>
<p class="muted">Requests with an Inactive key are answered 401. Changes here and with <code>weather keys</code> reach the API within a second.</p>
<table>
<thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2 id="create">Create a key</h2>
<form method="post" action="/console/keys"><input type="hidden" name="csrf" value="${csrf}">
<p><label for="name">Name (optional)</label><br>
<input type="text" id="name" name="name" maxlength="64" size="32"></p>
<p><button type="submit">Create key</button></p>
</form>
</section>`;
}

describe('the console pages', () => {
  it('sign in: the form, with the problem of the last try above it when there was one', () => {
    expect([shown(signInPage()), shown(signInPage('Wrong <token>'))]).toEqual([
      document('Sign in', '', `<h2>Sign in</h2>\n${SIGN_IN_FORM}`),
      document(
        'Sign in',
        '',
        `<h2>Sign in</h2>\n<p class="error" role="alert">Wrong &lt;token&gt;</p>\n${SIGN_IN_FORM}`,
      ),
    ]);
  });

  it('the keys: a row for none yet, and the sign-out and create forms carrying the CSRF token', () => {
    expect(shown(keysPage([], 'c&1'))).toBe(
      document(
        'API keys',
        signOut('c&amp;1'),
        keysMain(
          '<tr><td colspan="5" class="muted">No keys yet: create one below.</td></tr>',
          'c&amp;1',
        ),
      ),
    );
  });

  it('the keys: each masked, named or not, with the action that changes its status, and a message', () => {
    const masked = '0123************************cdef';
    const rows = `<tr>
<td><code>${masked}</code><details><summary>Reveal<span class="visually-hidden"> key ${masked}</span></summary><code>${KEY_A}</code></details></td>
<td><span class="muted">(no name)</span></td>
<td><span class="status-inactive">Inactive</span></td>
<td><time datetime="2026-01-01T00:00:00.000Z">2026-01-01T00:00:00.000Z</time></td>
<td><form class="inline" method="post" action="/console/keys/status"><input type="hidden" name="csrf" value="c1"><input type="hidden" name="key" value="${KEY_A}"><input type="hidden" name="status" value="active"><button type="submit">Enable<span class="visually-hidden"> key ${masked}</span></button></form>
<form class="inline" method="post" action="/console/keys/delete"><input type="hidden" name="csrf" value="c1"><input type="hidden" name="key" value="${KEY_A}"><button type="submit" class="danger">Delete<span class="visually-hidden"> key ${masked}</span></button></form></td>
</tr>
<tr>
<td><code>fedc************************3210</code><details><summary>Reveal<span class="visually-hidden"> key ci</span></summary><code>${KEY_B}</code></details></td>
<td>ci</td>
<td><span class="status-active">Active</span></td>
<td><time datetime="2026-01-02T00:00:00.000Z">2026-01-02T00:00:00.000Z</time></td>
<td><form class="inline" method="post" action="/console/keys/status"><input type="hidden" name="csrf" value="c1"><input type="hidden" name="key" value="${KEY_B}"><input type="hidden" name="status" value="inactive"><button type="submit">Disable<span class="visually-hidden"> key ci</span></button></form>
<form class="inline" method="post" action="/console/keys/delete"><input type="hidden" name="csrf" value="c1"><input type="hidden" name="key" value="${KEY_B}"><button type="submit" class="danger">Delete<span class="visually-hidden"> key ci</span></button></form></td>
</tr>`;
    expect(shown(keysPage([UNNAMED, NAMED], 'c1', 'Done <now>.'))).toBe(
      document(
        'API keys',
        signOut('c1'),
        `<p class="message" role="status">Done &lt;now&gt;.</p>\n${keysMain(rows, 'c1')}`,
      ),
    );
  });

  it('deleting a key: asks first, naming a key without a name by its masked value', () => {
    const masked = '0123************************cdef';
    expect(shown(confirmDeletePage(UNNAMED, 'c1'))).toBe(
      document(
        'Delete a key',
        signOut('c1'),
        `<h2>Delete key ${masked}?</h2>
<p>Requests with <code>${masked}</code> will be answered 401, and the key cannot be restored.</p>
<form class="inline" method="post" action="/console/keys/delete"><input type="hidden" name="csrf" value="c1"><input type="hidden" name="key" value="${KEY_A}"><input type="hidden" name="confirmed" value="yes"><button type="submit" class="danger">Delete key</button></form>
<a href="/console">Cancel</a>`,
      ),
    );
  });
});
