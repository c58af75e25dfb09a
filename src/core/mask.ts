/** How an API key appears in any output: enough to tell keys apart, never enough to use one. */
export function maskKey(key: string): string {
  if (key.length < 12) return '*'.repeat(Math.max(key.length, 4));
  return `${key.slice(0, 4)}${'*'.repeat(key.length - 8)}${key.slice(-4)}`;
}

/** The URL with any `appid` query value replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]appid=)[^&#\s]*/gi, '$1***');
}

/** `http://user:password@host` → `http://***@host`: credentials in a base or proxy URL. */
export function redactCredentials(text: string): string {
  return text.replace(/(\/\/)[^\s/]*@/g, '$1***@');
}

/** Everything printed about a failure goes through this: no key, no password. */
export function redactSecrets(text: string): string {
  return redactCredentials(redactUrl(text));
}
