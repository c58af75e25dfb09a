import type { HttpResponse } from '../../core/http.js';

/**
 * Pages that are not the API's answer but reach its clients anyway. The edge's error pages are
 * openresty's (nginx's) own, with CRLF line ends, as the live service's edge sent its 502
 * (test/fixtures/owm-truth/woodrock_htmlmode_502_openresty_2023-10-31.html) in any mode.
 */
const EDGE_REASONS: Readonly<Record<number, string>> = {
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
};

export function edgePage(status: 502 | 503): HttpResponse {
  const title = `${status} ${EDGE_REASONS[status] ?? ''}`;
  const html = [
    '<html>',
    `<head><title>${title}</title></head>`,
    '<body>',
    `<center><h1>${title}</h1></center>`,
    '<hr><center>openresty</center>',
    '</body>',
    '</html>',
    '',
  ].join('\r\n');
  return {
    status,
    headers: { 'content-type': 'text/html', server: 'openresty' },
    body: Buffer.from(html, 'latin1'),
  };
}

/**
 * A hotel or train Wi-Fi's sign-in page, answered 200 in place of the API's: a client that
 * trusts the status shows it as weather, one that checks the body does not.
 */
export function captivePortalPage(): HttpResponse {
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to the network</title></head>
<body>
<h1>Welcome to Guest Wi-Fi</h1>
<p>Accept the terms of use to connect to the internet.</p>
<form method="post" action="/login"><button type="submit">Accept and connect</button></form>
</body>
</html>
`;
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: Buffer.from(html, 'utf8'),
  };
}
