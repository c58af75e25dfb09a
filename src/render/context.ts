import type { Env } from '../core/env.js';
import type { PressureUnit } from '../core/units.js';
import { decideCharset } from './charset.js';
import { decideColorLevel, makeChalk } from './colour.js';
import type { RenderContext } from './format.js';
import { labelsFor } from './labels.js';

export interface Terminal {
  readonly env: Env;
  readonly stdoutIsTTY: boolean;
  readonly columns: number;
}

/** Everything the renderers need to know of the terminal and the user, decided once. */
export function renderContext(
  terminal: Terminal,
  options: {
    readonly color: boolean | undefined;
    readonly lang: string;
    readonly now: number;
    readonly pressureUnit?: PressureUnit;
  },
): RenderContext {
  const level = decideColorLevel(options.color, terminal.env, terminal.stdoutIsTTY);
  const charset = decideCharset(terminal.env);
  return {
    chalk: makeChalk(level),
    tty: terminal.stdoutIsTTY,
    columns: terminal.columns,
    now: options.now,
    labels: labelsFor(options.lang, charset === 'ascii'),
    charset,
    pressureUnit: options.pressureUnit ?? 'hPa',
  };
}
