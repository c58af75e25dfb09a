import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Argument, Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { generateCompletion, type Shell } from '../../../src/cli/completion/generate.js';
import { generatedFiles } from '../../../src/cli/completion/outputs.js';
import { generateManPage, roffEscape } from '../../../src/cli/man.js';
import { buildProgram, VERSION } from '../../../src/cli/program.js';
import { EXIT_CODE_TABLE } from '../../../src/core/errors.js';
import { run } from '../../helpers/io.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHELL_FILES: Record<Shell, string> = {
  bash: 'completions/weather.bash',
  zsh: 'completions/_weather',
  fish: 'completions/weather.fish',
};
const committed = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');

const silent = { write: () => undefined };
const weather = (): Command => buildProgram({ stdout: silent, stderr: silent, columns: 80 });

describe('committed generated files', () => {
  const files = generatedFiles();

  it('lists the three completion scripts and the man page', () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      'completions/_weather',
      'completions/weather.bash',
      'completions/weather.fish',
      'man/weather.1',
    ]);
  });

  it.each(files.map((f) => [f.path, f.text] as const))('%s is up to date', (path, text) => {
    expect(committed(path), `${path} is stale: run \`npm run generate\``).toBe(text);
  });

  it('are deterministic: the same text twice, no dates', () => {
    expect(generatedFiles()).toEqual(files);
    for (const { text } of files) expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
  });
});

describe('weather completion <shell>', () => {
  it.each(Object.entries(SHELL_FILES))('prints the committed %s script', async (shell, path) => {
    expect(await run(['completion', shell])).toEqual({
      code: 0,
      stdout: committed(path),
      stderr: '',
      stdoutBytes: Buffer.from(committed(path)),
    });
  });

  it('rejects an unknown shell', async () => {
    const r = await run(['completion', 'tcsh']);
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'weather: shell must be one of bash, zsh, fish, got "tcsh"\n',
    ]);
  });
});

describe('completions follow the program', () => {
  function program(extended: boolean): Command {
    const root = new Command('demo');
    root.addOption(
      new Option('-u, --units <units>', 'unit system').choices(['metric', 'imperial']),
    );
    const config = root.command('config').description('settings');
    config.command('get').addArgument(new Argument('<key>', 'setting').choices(['appid', 'units']));
    if (extended) {
      root.addOption(new Option('--flavour <taste>', 'taste').choices(['sweet', 'tangy']));
      root.commands[0]?.commands[0]?.registeredArguments[0]?.choices(['appid', 'units', 'colour']);
      config
        .command('brew')
        .description('make tea')
        .addOption(new Option('--strength <s>', 'how strong').choices(['mild', 'bold']));
    }
    return root;
  }

  it.each(['bash', 'zsh', 'fish'] as const)(
    '%s shows an added option, command and choice',
    (shell) => {
      const before = generateCompletion(shell, program(false));
      const after = generateCompletion(shell, program(true));
      // Words only: bash carries no descriptions.
      for (const word of ['flavour', 'tangy', 'colour', 'brew', 'strength', 'mild']) {
        expect(before, word).not.toContain(word);
        expect(after, word).toContain(word);
      }
    },
  );

  it('renders each shell in its own syntax', () => {
    const demo = program(true);
    expect(generateCompletion('bash', demo)).toContain(
      "'values demo config brew --strength') REPLY='mild bold' ;;",
    );
    expect(generateCompletion('zsh', demo)).toContain("'--strength=[how strong]:s:(mild bold)'");
    expect(generateCompletion('fish', demo)).toContain(
      "complete -c demo -n '__demo_at \\'config brew\\'' -l strength -x -a 'mild bold' -d 'how strong'",
    );
  });

  it('refuses a bash word that would need quoting', () => {
    const root = new Command('demo');
    root.addOption(new Option('--name <n>').choices(['two words']));
    expect(() => generateCompletion('bash', root)).toThrow(/two words/);
  });
});

describe('man page', () => {
  const page = generateManPage(weather());
  const dash = (flag: string): string => flag.replaceAll('-', '\\-');

  it('documents every option of the top level', () => {
    const longs = weather()
      .createHelp()
      .visibleOptions(weather())
      .map((o) => o.long ?? '');
    expect(longs).toContain('--units');
    for (const long of longs) expect(page).toContain(`\\fB${dash(long)}\\fR`);
  });

  it('has a section for every command path', () => {
    const paths: string[] = [];
    const walk = (command: Command, prefix: string): void => {
      for (const sub of command.commands) {
        paths.push(`${prefix} ${sub.name()}`);
        walk(sub, `${prefix} ${sub.name()}`);
      }
    };
    walk(weather(), 'weather');
    expect(paths).toContain('weather config set');
    for (const path of paths) expect(page).toContain(`.SS "${roffEscape(path)}"`);
  });

  it('lists every exit code', () => {
    for (const [code, text] of EXIT_CODE_TABLE) {
      expect(page).toContain(`.TP\n\\fB${code}\\fR\n${roffEscape(text)}\n`);
    }
  });

  it('has a fixed header with the version and no date', () => {
    expect(page).toContain(`.TH WEATHER 1 "" "weather ${roffEscape(VERSION)}" "User Commands"\n`);
  });

  it('escapes text that roff would read as requests or escapes', () => {
    expect(roffEscape(".start 'quote")).toBe("\\&.start 'quote");
    expect(roffEscape("'quote")).toBe("\\&'quote");
    expect(roffEscape('a\\b --flag')).toBe('a\\eb \\-\\-flag');
    expect(roffEscape('café')).toBe('caf\\[u00E9]');
    // A blank line or a leading space is a break in roff, not formatting the page asked for.
    expect(
      page
        .trimEnd()
        .split('\n')
        .filter((line) => /^\s|^$/.test(line)),
    ).toEqual([]);
  });

  const groff = spawnSync('groff', ['--version'], { encoding: 'utf8' }).status === 0;
  it.runIf(groff)('renders with groff -man without warnings (when groff is installed)', () => {
    const result = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z'], {
      input: page,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
