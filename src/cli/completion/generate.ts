import type { Command } from 'commander';

export type Shell = 'bash' | 'zsh' | 'fish';

export function generateCompletion(shell: Shell, program: Command): string {
  return `# ${shell} completion for ${program.name()}: not generated yet\n`;
}
