/**
 * A raw answer on its way to a terminal: escape sequences (CSI, OSC, in their 7- and 8-bit forms)
 * and every other control character but tab and newline are removed, so nothing from upstream can
 * move the cursor, clear the screen, retitle the window or hide what is shown. Only for a
 * terminal: a pipe or a file gets the bytes as they came.
 */
export function forTerminal(body: Uint8Array): string {
  return (
    Buffer.from(body)
      .toString('utf8')
      // eslint-disable-next-line no-control-regex
      .replace(/(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
  );
}
