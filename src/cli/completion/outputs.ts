import { buildProgram } from '../program.js';
import { generateManPage } from '../man.js';
import { generateCompletion } from './generate.js';

export { readmeSections } from '../docs.js';

export interface GeneratedFile {
  /** Relative to the repository root. */
  readonly path: string;
  readonly text: string;
}

/** The committed files derived from the program: scripts/generate.mjs writes or checks them. */
export function generatedFiles(): GeneratedFile[] {
  const silent = { write: () => undefined };
  const program = buildProgram({ stdout: silent, stderr: silent, columns: 80 });
  return [
    { path: 'completions/weather.bash', text: generateCompletion('bash', program) },
    { path: 'completions/_weather', text: generateCompletion('zsh', program) },
    { path: 'completions/weather.fish', text: generateCompletion('fish', program) },
    { path: 'man/weather.1', text: generateManPage(program) },
  ];
}
