import { UsageError } from '../../core/errors.js';
import type { IO } from '../io.js';
import { buildProgram } from '../program.js';
import { generateCompletion, type Shell } from '../completion/generate.js';

/** `weather completion <shell>`: the script, generated from the same program as --help. */
export async function completionCommand(args: readonly string[], io: IO): Promise<number> {
  const shell = args[0];
  if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') {
    throw new UsageError(`unknown shell "${shell ?? ''}" (allowed: bash, zsh, fish)`);
  }
  io.stdout.write(generateCompletion(shell satisfies Shell, buildProgram(io)));
  return 0;
}
