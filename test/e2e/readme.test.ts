import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createdKey, makeHome, ROOT, runCommand, serve, type Served } from '../helpers/cli.js';

/**
 * Every command in the README's fenced `sh` blocks (and the cron line) runs here, in order, in a
 * sandbox: a temporary HOME and config folder, `weather` on PATH as bin/weather.js, and the
 * "real service" replaced by a local `weather serve` (WEATHER_BASE_URL) whose key stands in for
 * `<your key>`. The quick-start and packaging commands are run by their own tests.
 */
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

function fenced(language: string): string[] {
  const pattern = new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g');
  return [...README.matchAll(pattern)].flatMap((m) =>
    (m[1] ?? '').split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#')),
  );
}

/** Run elsewhere: quick start by quickstart.test.ts, packaging by single-executable.test.ts. */
const ELSEWHERE = [
  'npm install',
  'npx weather --lat 51.5 --lon -0.1',
  'npm test',
  'npm run package',
];
const CRON_FIELDS = /^(\S+\s+){5}/;

const commands = [...fenced('sh'), ...fenced('cron').map((line) => line.replace(CRON_FIELDS, ''))];

const { home, remove } = makeHome();
const work = join(home, 'work');
const shims = join(home, 'bin');
let server: Served;
let key: string;

function env(): NodeJS.ProcessEnv {
  return {
    PATH: `${shims}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    WEATHER_CONFIG_DIR: join(home, 'config'),
    WEATHER_BASE_URL: server.url,
  };
}

function substitute(line: string): string {
  return line
    .replaceAll('<your key>', key)
    .replaceAll('<key>', key)
    .replaceAll('http://127.0.0.1:8080/data/2.5', server.url);
}

/** `weather serve` runs until stopped: start it on a free port, read its URL line, stop it. */
function runServe(line: string): Promise<{ url: string; code: number | null }> {
  const args = line
    .replace(/^weather serve/, '')
    .replace(/--port \d+/, '')
    .trim();
  const child = spawn('bash', ['-c', `exec weather serve --port 0 ${args}`], {
    env: env(),
    cwd: work,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${line}: no URL in 10 s`));
    }, 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) child.kill('SIGTERM');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ url: out.split('\n')[0] ?? '', code });
    });
  });
}

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  mkdirSync(shims, { recursive: true });
  writeFileSync(join(shims, 'weather'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shims, 'weather'), 0o755);
  server = await serve(home, ['--rate-limit', '0']);
  key = createdKey(server.stderr());
});

afterAll(async () => {
  await server.stop();
  remove();
});

/**
 * The `bash` blocks of "Testing your own tool against weather serve", as one script: what it
 * prints, and what its `#>` lines say it prints.
 */
function testingScript(): { script: string; expected: string[] } {
  const start = README.indexOf('### Testing your own tool against `weather serve`');
  const section = README.slice(start, README.indexOf('\n### ', start + 1));
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const lines = blocks.join('').split('\n');
  return {
    script: lines.filter((line) => !line.startsWith('#>')).join('\n'),
    expected: lines.filter((line) => line.startsWith('#> ')).map((line) => line.slice(3)),
  };
}

describe('README', () => {
  it('has the quick start: two commands to set up and run, one to test', () => {
    const quickStart = README.slice(
      README.indexOf('## Quick start'),
      README.indexOf('## Using the real service'),
    );
    expect(quickStart).toContain('```sh\nnpm install\nnpx weather --lat 51.5 --lon -0.1\n```');
    expect(quickStart).toContain('```sh\nnpm test\n```');
  });

  it('has commands to run', () => {
    expect(commands.length).toBeGreaterThan(40);
    for (const line of ELSEWHERE) expect(commands).toContain(line);
  });

  // Some fifty processes one after another: seconds on an idle machine, more than the default
  // 20 s on a busy one.
  it('runs every other command successfully, in order', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const original of commands) {
      if (ELSEWHERE.includes(original)) continue;
      const line = substitute(original);
      if (line.startsWith('weather serve')) {
        const { url, code } = await runServe(line);
        if (!/^http:\/\/127\.0\.0\.1:\d+\/data\/2\.5$/.test(url) || code !== 0)
          failures.push(`${original}: ${url} exit ${code}`);
        continue;
      }
      const r = await runCommand('bash', ['-o', 'pipefail', '-c', line], { env: env(), cwd: work });
      const writesFile = />\s*\S+/.test(line.replace(/2>>?/g, ''));
      const changesState =
        line.startsWith('mkdir ') ||
        (/ (set|unset|create|disable|enable|delete|add|remove) /.test(`${line} `) &&
          !line.includes('list'));
      if (r.code !== 0) failures.push(`${original}: exit ${r.code}: ${r.stderr.trim()}`);
      else if (!writesFile && !changesState && r.stdout.trim() === '')
        failures.push(`${original}: printed nothing`);
      else if (r.stderr.includes('internal error'))
        failures.push(`${original}: ${r.stderr.trim()}`);
    }
    expect(failures).toEqual([]);
    // What the README says these commands leave behind.
    expect(existsSync(join(work, 'london.html'))).toBe(true);
    expect(readFileSync(join(work, 'london.xml'), 'utf8').startsWith('<?xml')).toBe(true);
    expect(readFileSync(join(home, 'weather.log'), 'utf8')).toMatch(/^\d+ -?\d+(\.\d+)? \d+\n$/);
    expect(existsSync(join(home, '.local/share/bash-completion/completions/weather'))).toBe(true);
    expect(existsSync(join(home, '.config/fish/completions/weather.fish'))).toBe(true);
  });

  it('runs the script of "Testing your own tool", which prints what it says', async () => {
    const { script, expected } = testingScript();
    expect(expected.length).toBeGreaterThan(8);
    const r = await runCommand('bash', ['-euo', 'pipefail', '-c', script], {
      env: env(),
      cwd: work,
      timeoutMs: 60_000,
    });
    expect([r.code, r.stdout.split('\n').map((line) => line.trimEnd())]).toEqual([
      0,
      [...expected, ''],
    ]);
  }, 90_000);
});
