import type { IO } from '../io.js';
import { bind, buildProgram, type Invoke } from '../program.js';
import { COMPLETION } from '../spec.js';
import { generateCompletion } from '../completion/generate.js';

/** `weather completion <shell>`: the script, generated from the same program as --help. */
export function completionCommand(io: IO): Invoke {
  return bind(COMPLETION, async ([shell]) => {
    io.stdout.write(generateCompletion(shell, buildProgram(io)));
    return 0;
  });
}
