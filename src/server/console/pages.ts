import { createHash } from 'node:crypto';
import { maskKey } from '../../core/mask.js';
import { CONSOLE_PATH } from '../../core/protocol.js';
import type { ApiKey } from '../../keys/store.js';
import { escapeHtml as e } from '../represent/html.js';

/**
 * The console's pages: plain HTML forms, no script, one inline style sheet (allowed by its hash in
 * the Content-Security-Policy), nothing loaded from anywhere. Colours meet WCAG 2.2 AA: body text
 * 17:1, muted text 7:1, button text 6:1 or more on its background, and a focus ring 3:1 or more
 * against the page.
 */
const STYLE = `
:root { color-scheme: light; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #ffffff; }
header, main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
header { display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid #767676; }
h1 { font-size: 1.25rem; margin: 0; }
h2 { font-size: 1.125rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; padding: 0.5rem; border-bottom: 1px solid #767676; vertical-align: top; }
code { font-family: ui-monospace, monospace; }
time { white-space: nowrap; }
details { display: inline-block; margin-inline-start: 0.5rem; }
summary { cursor: pointer; color: #0b57d0; text-decoration: underline; }
form.inline { display: inline; }
button { font: inherit; padding: 0.25rem 0.75rem; border: 1px solid #0b57d0; border-radius: 4px; background: #0b57d0; color: #ffffff; cursor: pointer; }
button.secondary { background: #ffffff; color: #0b57d0; }
button.danger { background: #b3261e; border-color: #b3261e; }
a { color: #0b57d0; }
input[type="text"], input[type="password"] { font: inherit; padding: 0.25rem; border: 1px solid #595959; border-radius: 4px; }
:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
.status-active { color: #146c2e; font-weight: bold; }
.status-inactive { color: #8c1d18; font-weight: bold; }
.muted { color: #595959; }
.message { padding: 0.5rem 0.75rem; border: 1px solid #146c2e; border-radius: 4px; }
.error { padding: 0.5rem 0.75rem; border: 1px solid #8c1d18; border-radius: 4px; color: #8c1d18; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** Nothing but this page's own forms and its one style sheet. */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const STATUS = { active: 'Active', inactive: 'Inactive' } as const;

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${e(csrf)}">`;
}

function page(title: string, content: string, csrf?: string): string {
  const signOut =
    csrf === undefined
      ? ''
      : `<form class="inline" method="post" action="${CONSOLE_PATH}/sign-out">${csrfField(csrf)}<button type="submit" class="secondary">Sign out</button></form>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · weather serve</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>weather serve: account console</h1>${signOut}</header>
<main>
${content}
</main>
</body>
</html>
`;
}

export function signInPage(problem?: string): string {
  const error = problem === undefined ? '' : `<p class="error" role="alert">${e(problem)}</p>\n`;
  return page(
    'Sign in',
    `<h2>Sign in</h2>
${error}<p>Use the admin token that <code>weather serve</code> printed when it started, or a new one from <code>weather keys console-token</code>.</p>
<form method="post" action="${CONSOLE_PATH}/sign-in">
<p><label for="token">Admin token</label><br>
<input type="password" id="token" name="token" autocomplete="off" required size="48"></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}

function keyLabel(key: ApiKey): string {
  return key.name === '' ? maskKey(key.key) : key.name;
}

function keyRow(key: ApiKey, csrf: string): string {
  const label = e(keyLabel(key));
  const target = `${csrfField(csrf)}<input type="hidden" name="key" value="${e(key.key)}">`;
  const next = key.status === 'active' ? 'inactive' : 'active';
  const toggle = key.status === 'active' ? 'Disable' : 'Enable';
  return `<tr>
<td><code>${e(maskKey(key.key))}</code><details><summary>Reveal<span class="visually-hidden"> key ${label}</span></summary><code>${e(key.key)}</code></details></td>
<td>${key.name === '' ? '<span class="muted">(no name)</span>' : e(key.name)}</td>
<td><span class="status-${key.status}">${STATUS[key.status]}</span></td>
<td><time datetime="${e(key.created)}">${e(key.created)}</time></td>
<td><form class="inline" method="post" action="${CONSOLE_PATH}/keys/status">${target}<input type="hidden" name="status" value="${next}"><button type="submit">${toggle}<span class="visually-hidden"> key ${label}</span></button></form>
<form class="inline" method="post" action="${CONSOLE_PATH}/keys/delete">${target}<button type="submit" class="danger">Delete<span class="visually-hidden"> key ${label}</span></button></form></td>
</tr>`;
}

export function keysPage(keys: readonly ApiKey[], csrf: string, flash?: string): string {
  const message = flash === undefined ? '' : `<p class="message" role="status">${e(flash)}</p>\n`;
  const rows =
    keys.length === 0
      ? '<tr><td colspan="5" class="muted">No keys yet: create one below.</td></tr>'
      : keys.map((key) => keyRow(key, csrf)).join('\n');
  return page(
    'API keys',
    `${message}<section aria-labelledby="keys">
<h2 id="keys">API keys</h2>
<p class="muted">Requests with an Inactive key are answered 401. Changes here and with <code>weather keys</code> reach the API within a second.</p>
<table>
<thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2 id="create">Create a key</h2>
<form method="post" action="${CONSOLE_PATH}/keys">${csrfField(csrf)}
<p><label for="name">Name (optional)</label><br>
<input type="text" id="name" name="name" maxlength="64" size="32"></p>
<p><button type="submit">Create key</button></p>
</form>
</section>`,
    csrf,
  );
}

export function confirmDeletePage(key: ApiKey, csrf: string): string {
  const target = `${csrfField(csrf)}<input type="hidden" name="key" value="${e(key.key)}">`;
  return page(
    'Delete a key',
    `<h2>Delete key ${e(keyLabel(key))}?</h2>
<p>Requests with <code>${e(maskKey(key.key))}</code> will be answered 401, and the key cannot be restored.</p>
<form class="inline" method="post" action="${CONSOLE_PATH}/keys/delete">${target}<input type="hidden" name="confirmed" value="yes"><button type="submit" class="danger">Delete key</button></form>
<a href="${CONSOLE_PATH}">Cancel</a>`,
    csrf,
  );
}

export function problemPage(title: string, message: string): string {
  return page(
    title,
    `<h2>${e(title)}</h2>
<p role="alert">${e(message)}</p>
<p><a href="${CONSOLE_PATH}">Back to the console</a></p>`,
  );
}
