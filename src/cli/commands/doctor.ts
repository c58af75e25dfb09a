import { existsSync } from 'node:fs';
import { configDir } from '../../config/paths.js';
import { configFile, readSettings } from '../../config/read.js';
import {
  checkBaseUrl,
  settingDefault,
  SETTINGS,
  type StoredSettings,
} from '../../config/settings.js';
import { proxyFor } from '../../client/proxy.js';
import { EXIT, WeatherError, type ExitCode } from '../../core/errors.js';
import { parseJsonObject } from '../../core/json-object.js';
import { maskKey, redactSecrets } from '../../core/mask.js';
import { alignColumns } from '../../render/columns.js';
import type { IO } from '../io.js';
import { bind, type Invoke } from '../program.js';
import { DOCTOR } from '../spec.js';

type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

interface Check {
  readonly step: string;
  readonly verdict: Verdict;
  readonly detail: string;
  readonly fix?: string;
  /** The exit code a failure of this step gives. */
  readonly code?: ExitCode;
}

/** OpenWeather's keys are 32 lower-case hexadecimal characters. */
const KEY_SHAPE = /^[0-9a-f]{32}$/;
const ACTIVATION =
  'a key created in the last couple of hours may not be active yet: wait and run weather doctor again; otherwise copy it again from the "API keys" page of your OpenWeather account';

/**
 * `weather doctor`: the config file, the key's presence and shape, the base URL, the network path
 * and one real request, in that order, each with its verdict and, when it fails, the fix. A step
 * that cannot run because an earlier one failed is skipped.
 */
export function doctorCommand(io: IO): Invoke {
  return bind(DOCTOR, async (_args, flags) => {
    const checks: Check[] = [];
    const dir = configDir(io.env);
    let stored: StoredSettings = {};
    try {
      stored = readSettings(dir);
      const path = configFile(dir);
      const detail = existsSync(path) ? path : `${path} (none yet: defaults apply)`;
      checks.push({ step: 'config file', verdict: 'ok', detail });
    } catch (error) {
      if (!(error instanceof WeatherError)) throw error;
      checks.push({
        step: 'config file',
        verdict: 'fail',
        detail: error.message,
        fix: error.hint ?? `weather config path`,
        code: error.exitCode,
      });
    }

    const keyEnv = SETTINGS.appid.env ?? '';
    const [appid, keyFrom] =
      flags.appid !== undefined
        ? [flags.appid, '--appid']
        : io.env[keyEnv]
          ? [io.env[keyEnv], keyEnv]
          : [stored.appid, 'config appid'];
    if (appid === undefined) {
      checks.push({
        step: 'API key',
        verdict: 'fail',
        detail: 'no key: without one, weather answers from the embedded model',
        fix: 'weather config set appid <key> (from the "API keys" page of your OpenWeather account)',
        code: EXIT.auth,
      });
    } else {
      const shaped = KEY_SHAPE.test(appid);
      checks.push({
        step: 'API key',
        verdict: shaped ? 'ok' : 'warn',
        detail: `${maskKey(appid)} from ${keyFrom}${shaped ? '' : ': OpenWeather keys are 32 hexadecimal characters'}`,
        ...(shaped ? {} : { fix: 'copy the key again, without spaces or quotes' }),
      });
    }

    const urlEnv = SETTINGS.base_url.env ?? '';
    const urlText =
      flags.baseUrl ??
      (io.env[urlEnv] || undefined) ??
      stored.base_url ??
      settingDefault('base_url');
    const url = checkBaseUrl(urlText);
    checks.push(
      url.ok
        ? { step: 'base URL', verdict: 'ok', detail: url.value }
        : {
            step: 'base URL',
            verdict: 'fail',
            detail: `${urlText}: ${url.reason}`,
            fix: `weather config unset base_url, or set a valid one`,
            code: EXIT.usage,
          },
    );

    let proxyOk = true;
    if (url.ok) {
      try {
        const proxy = proxyFor(new URL(url.value), io.env);
        checks.push({
          step: 'network path',
          verdict: 'ok',
          detail: proxy
            ? `through the proxy ${proxy.where} (${proxy.variable})`
            : 'direct, no proxy',
        });
      } catch (error) {
        if (!(error instanceof WeatherError)) throw error;
        proxyOk = false;
        checks.push({
          step: 'network path',
          verdict: 'fail',
          detail: error.message,
          fix: error.hint ?? 'fix the proxy variable',
          code: error.exitCode,
        });
      }
    }

    if (appid !== undefined && url.ok && proxyOk) {
      checks.push(
        await request(
          url.value,
          appid,
          flags.timeout ?? stored.timeout ?? settingDefault('timeout'),
          io,
        ),
      );
    } else {
      checks.push({
        step: 'request',
        verdict: 'skip',
        detail: 'needs a key, a valid base URL and a network path',
      });
    }

    if (flags.json) {
      io.stdout.write(
        `${JSON.stringify({ checks: checks.map(({ code: _code, ...c }) => ({ ...c, detail: redactSecrets(c.detail) })) })}\n`,
      );
    } else {
      const rows = checks.flatMap((c) => [
        [c.verdict, c.step, redactSecrets(c.detail)],
        ...(c.fix ? [['', '', `fix: ${c.fix}`]] : []),
      ]);
      io.stdout.write(`${alignColumns(rows)}\n`);
    }
    return checks.find((c) => c.verdict === 'fail')?.code ?? EXIT.ok;
  });
}

/** One real request for a fixed place, and what its answer says about the key. */
async function request(
  baseUrl: string,
  appid: string,
  timeoutSeconds: number,
  io: IO,
): Promise<Check> {
  const { createLiveTransport } = await import('../../client/live.js');
  const transport = await createLiveTransport({
    baseUrl,
    timeoutMs: timeoutSeconds * 1000,
    env: io.env,
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  try {
    const response = await transport.get({
      lat: 51.5,
      lon: -0.1,
      units: 'metric',
      lang: 'en',
      mode: 'json',
      appid,
    });
    const message = parseJsonObject(Buffer.from(response.body).toString('utf8'))?.message;
    const said = typeof message === 'string' && message !== '' ? `: ${message}` : '';
    if (response.status === 200)
      return { step: 'request', verdict: 'ok', detail: `${baseUrl} answered 200` };
    if (response.status === 401) {
      return {
        step: 'request',
        verdict: 'fail',
        detail: `401${said}`,
        fix: ACTIVATION,
        code: EXIT.auth,
      };
    }
    if (response.status === 429) {
      return {
        step: 'request',
        verdict: 'fail',
        detail: `429${said}`,
        fix: 'wait a minute; the free plan allows 60 calls a minute',
        code: EXIT.rateLimited,
      };
    }
    return {
      step: 'request',
      verdict: 'fail',
      detail: `${response.status}${said}`,
      fix: 'check the base URL; try again later for a 5xx',
      code: response.status >= 500 ? EXIT.upstream : EXIT.rejected,
    };
  } catch (error) {
    if (!(error instanceof WeatherError)) throw error;
    return {
      step: 'request',
      verdict: 'fail',
      detail: error.message,
      fix: error.hint ?? 'check the network',
      code: error.exitCode,
    };
  } finally {
    await transport.close?.();
  }
}
