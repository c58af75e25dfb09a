import type { Command } from 'commander';
import type { SHELLS } from '../spec.js';
import { bashCompletion } from './bash.js';
import { fishCompletion } from './fish.js';
import { programModel } from './model.js';
import { zshCompletion } from './zsh.js';

export type Shell = (typeof SHELLS)[number];

/**
 * The completion script for `shell`, rendered from the commander program itself, so a command,
 * option or choice added to the spec reaches every shell without touching this code. The scripts
 * are static: completing never runs the program.
 */
export function generateCompletion(shell: Shell, program: Command): string {
  const model = programModel(program);
  switch (shell) {
    case 'bash':
      return bashCompletion(model);
    case 'zsh':
      return zshCompletion(model);
    case 'fish':
      return fishCompletion(model);
  }
}
