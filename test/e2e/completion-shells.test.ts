import { execFile } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Argument, Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompletion } from '../../src/cli/completion/generate.js';
import { BIN } from '../helpers/cli.js';

/**
 * The committed completion scripts, loaded into the real shells and asked for candidates the way
 * each shell asks when TAB is pressed. A missing shell fails the suite: CI installs all three.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMPLETIONS = join(ROOT, 'completions');
const run = promisify(execFile);

function findShell(name: string): string {
  const dirs = ['/usr/bin', '/bin', ...(process.env.PATH ?? '').split(delimiter)];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  throw new Error(
    `${name} is not installed: the completion tests need bash, zsh and fish (apt-get install bash zsh fish)`,
  );
}

let home = '';
/** Saved place names come from `weather places list -o names`: weather on PATH, a config file. */
let saved: Record<string, string> = {};
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'weather-completion-'));
  const bin = join(home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'weather'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'weather'), 0o755);
  mkdirSync(join(home, 'config'));
  writeFileSync(
    join(home, 'config', 'config.json'),
    JSON.stringify({ places: { home: { lat: 1, lon: 2 }, work: { lat: 3, lon: 4 } } }),
  );
  saved = { PATH: `${bin}:/usr/bin:/bin`, WEATHER_CONFIG_DIR: join(home, 'config') };
});

const SAVED: readonly (readonly [string, readonly string[]])[] = [
  ['weather --at ', ['home', 'work']],
  ['weather places remove ', ['home', 'work']],
  ['weather places remove w', ['work']],
];
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

/** Runs a shell with no user or system dotfiles in reach and a bounded run time. */
async function shell(file: string, args: readonly string[], extraEnv: Record<string, string> = {}) {
  const env = {
    PATH: `${dirname(file)}:/usr/bin:/bin`,
    HOME: home,
    ZDOTDIR: home,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    TERM: 'xterm',
    LANG: 'C.UTF-8',
    ...extraEnv,
  };
  const options = { env, cwd: home, timeout: 10_000, killSignal: 'SIGKILL' } as const;
  return (await run(file, [...args], options)).stdout;
}

const sorted = (lines: string): string[] => lines.split('\n').filter(Boolean).sort();

// bash: the registered function, called as readline would call it, with COMP_WORDS split on
// blanks and, as with the default COMP_WORDBREAKS, on "=".
const BASH = `
source "$1" || exit 3
spec=$(complete -p weather 2>/dev/null) || { echo 'no completion registered for weather' >&2; exit 4; }
fn=\${spec#*-F }; fn=\${fn%% *}
COMP_LINE=$2; COMP_POINT=\${#2}; COMP_TYPE=9; COMP_KEY=9
COMP_WORDS=("\${@:3}"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
COMPREPLY=()
"$fn" weather "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "\${COMPREPLY[@]}"
`;

/** COMP_WORDS for a line, the cursor at its end: `--units=m` is `--units`, `=`, `m`. */
function bashWords(line: string, breakOnEquals: boolean): string[] {
  const words = line.split(/[ \t]+/);
  if (!breakOnEquals) return words;
  return words.flatMap((w) =>
    w.includes('=') ? w.split(/(=)/).filter((part) => part !== '') : [w],
  );
}

async function bash(script: string, line: string, breakOnEquals = true): Promise<string[]> {
  const words = bashWords(line, breakOnEquals);
  const args = ['--norc', '--noprofile', '-c', BASH, 'bash', script, line, ...words];
  return sorted(await shell(findShell('bash'), args, saved));
}

async function fish(script: string, line: string): Promise<string[]> {
  const command = 'source $argv[1]; and complete -C $argv[2]';
  const out = await shell(findShell('fish'), ['--no-config', '-c', command, script, line], saved);
  return sorted(out.replace(/\t[^\n]*/g, ''));
}

// zsh: an interactive `zsh -f` on a pseudo-terminal (zsh/zpty) types the line and TAB; compadd is
// wrapped to record the words each completion function adds that match the line, and the shell
// exits as soon as completion ends (comppostfuncs).
const ZSH_SETUP = `
PS1='' PROMPT='' RPROMPT=''
bindkey -e
bindkey '^I' complete-word
if [[ -n $ZT_SOURCE ]]; then
  autoload -Uz compinit && compinit -u -D && source $ZT_SOURCE
else
  fpath=($ZT_FPATH $fpath)
  autoload -Uz compinit && compinit -u -D
fi
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "$@"
    return
  fi
  local -a __hits
  builtin compadd -O __hits "$@"
  (( $#__hits )) && print -rl -- $__hits >> $ZT_OUT
  builtin compadd "$@"
}
comppostfuncs=(exit)
# Tell the driver the line editor is reading: keys typed from now on reach the widgets.
zle-line-init() { print -n 'zt-ready' }
zle -N zle-line-init
`;
const ZSH_DRIVER = `
zmodload zsh/zpty || { print -u2 'zsh/zpty is not available'; exit 3 }
zpty z zsh -f -i
zpty -w z "source \${(q)ZT_SETUP}"
zpty -r z chunk '*zt-ready*' || exit 4
zpty -w -n z "$ZT_LINE"$'\\t'
while zpty -r z chunk; do :; done
zpty -d z
`;

let zshRuns = 0;
async function zsh(
  line: string,
  where: { fpath: string } | { source: string } = { fpath: COMPLETIONS },
): Promise<string[]> {
  // Files of its own per run: concurrent runs must never read a file another one is rewriting.
  const id = ++zshRuns;
  const out = join(home, `zsh-${id}.out`);
  const setup = join(home, `zsh-${id}.setup.zsh`);
  writeFileSync(setup, ZSH_SETUP);
  writeFileSync(out, '');
  const env = {
    ZT_OUT: out,
    ZT_SETUP: setup,
    ZT_LINE: line,
    ZT_FPATH: 'fpath' in where ? where.fpath : '',
    ZT_SOURCE: 'source' in where ? where.source : '',
  };
  await shell(findShell('zsh'), ['-f', '-c', ZSH_DRIVER], { ...env, ...saved });
  return sorted(readFileSync(out, 'utf8'));
}

const COMMON: readonly (readonly [string, readonly string[]])[] = [
  ['weather ', ['batch', 'completion', 'config', 'doctor', 'help', 'keys', 'places', 'serve']],
  ['weather config ', ['get', 'help', 'list', 'path', 'set', 'unset']],
  ['weather keys ', ['console-token', 'create', 'delete', 'disable', 'enable', 'help', 'list']],
  ['weather --units ', ['imperial', 'metric', 'standard']],
  ['weather -m ', ['html', 'json', 'xml']],
  ['weather --wind-unit ', ['bft', 'km/h', 'kn', 'm/s', 'mph']],
  ['weather --output ', ['i3bar', 'json', 'polybar', 'raw', 'summary', 'table', 'tmux', 'waybar']],
  ['weather --lang z', ['zh_cn', 'zh_tw', 'zu']],
  [
    'weather config set ',
    [
      'appid',
      'base_url',
      'cache',
      'icons',
      'lang',
      'location',
      'pressure_unit',
      'stale_ok',
      'temp_unit',
      'timeout',
      'units',
      'wind_unit',
    ],
  ],
  ['weather completion ', ['bash', 'fish', 'zsh']],
  ['weather --un', ['--units']],
  [
    'weather serve --',
    [
      '--allow-test-headers',
      '--clock-speed',
      '--faults',
      '--help',
      '--host',
      '--max-connections',
      '--now',
      '--port',
      '--rate-limit',
      '--scenario',
      '--seed',
    ],
  ],
  ['weather keys list --', ['--help', '--show']],
  ['weather -u metric --lat 1 config g', ['get']],
  ['weather help ', ['batch', 'completion', 'config', 'doctor', 'keys', 'places', 'serve']],
  ['weather config set units ', []],
];

describe.concurrent('bash', () => {
  const script = join(COMPLETIONS, 'weather.bash');
  it.each([...COMMON, ...SAVED])('%j', async (line, expected) => {
    expect(await bash(script, line)).toEqual(expected);
  });
  it('completes --units= as one word or split on "="', async () => {
    expect(await bash(script, 'weather --units=m', false)).toEqual(['--units=metric']);
    expect(await bash(script, 'weather --units=m')).toEqual(['metric']);
    expect(await bash(script, 'weather --units=')).toEqual(['imperial', 'metric', 'standard']);
    expect(await bash(script, 'weather -ui')).toEqual(['-uimperial']);
  });
});

describe.concurrent('zsh', () => {
  it.each([...COMMON, ...SAVED])('%j', async (line, expected) => {
    expect(await zsh(line)).toEqual(expected);
  });
  it('completes --units= and -u with the value attached', async () => {
    expect(await zsh('weather --units=m')).toEqual(['metric']);
    expect(await zsh('weather -um')).toEqual(['metric']);
  });
  it('works when sourced after compinit instead of autoloaded from fpath', async () => {
    const source = join(COMPLETIONS, '_weather');
    expect(await zsh('weather config ', { source })).toEqual([
      'get',
      'help',
      'list',
      'path',
      'set',
      'unset',
    ]);
  });
});

describe.concurrent('fish', () => {
  const script = join(COMPLETIONS, 'weather.fish');
  it.each([...COMMON, ...SAVED])('%j', async (line, expected) => {
    expect(await fish(script, line)).toEqual(expected);
  });
  it('completes --units= and -u with the value attached', async () => {
    expect(await fish(script, 'weather --units=m')).toEqual(['--units=metric']);
    expect(await fish(script, 'weather -um')).toEqual(['-umetric']);
  });
});

// The generators, not just the committed files: a command, option and choice added to a program
// is completed by every shell.
describe.concurrent('a program change reaches every shell', () => {
  let dir = '';
  beforeAll(() => {
    const program = new Command('weather');
    program.addOption(new Option('--flavour <taste>', 'taste').choices(['sweet', 'sour']));
    const brew = program.command('brew').description('make tea');
    brew.addOption(new Option('--strength <s>', 'how strong').choices(['mild', 'bold']));
    brew.addArgument(new Argument('<leaf>', 'tea').choices(['green', 'black']));
    dir = mkdtempSync(join(home, 'generated-'));
    writeFileSync(join(dir, 'weather.bash'), generateCompletion('bash', program));
    writeFileSync(join(dir, '_weather'), generateCompletion('zsh', program));
    writeFileSync(join(dir, 'weather.fish'), generateCompletion('fish', program));
  });
  const cases = [
    ['weather ', ['brew', 'help']],
    ['weather --flavour ', ['sour', 'sweet']],
    ['weather brew --strength ', ['bold', 'mild']],
    ['weather brew ', ['black', 'green']],
  ] as const;
  it.each(cases)('bash %j', async (line, expected) => {
    expect(await bash(join(dir, 'weather.bash'), line)).toEqual(expected);
  });
  it.each(cases)('zsh %j', async (line, expected) => {
    expect(await zsh(line, { fpath: dir })).toEqual(expected);
  });
  it.each(cases)('fish %j', async (line, expected) => {
    expect(await fish(join(dir, 'weather.fish'), line)).toEqual(expected);
  });
});
