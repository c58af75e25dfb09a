import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { feelsLikeC } from '../../../src/core/comfort.js';

/**
 * feels_like against every response of the live service in the fixtures that has it, in all unit
 * systems: the temperature, humidity and wind converted to °C and m/s, the model's value compared
 * with the service's.
 */
interface Sample {
  readonly file: string;
  readonly year: number;
  readonly tempC: number;
  readonly feelsC: number;
  readonly humidity: number;
  readonly windMS: number;
}

const DIR = new URL('../../fixtures/owm-truth/', import.meta.url);

function toCelsius(value: number, unit: 'C' | 'F' | 'K'): number {
  if (unit === 'F') return ((value - 32) * 5) / 9;
  if (unit === 'K') return value - 273.15;
  return value;
}

const numberAt = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

function fromJson(file: string, text: string): Sample | undefined {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  const main = record['main'] as Record<string, unknown> | undefined;
  const wind = record['wind'] as Record<string, unknown> | undefined;
  const temp = numberAt(main?.['temp']);
  const feels = numberAt(main?.['feels_like']);
  const humidity = numberAt(main?.['humidity']);
  const speed = numberAt(wind?.['speed']);
  const dt = numberAt(record['dt']);
  if (temp === undefined || feels === undefined || humidity === undefined) return undefined;
  if (speed === undefined || dt === undefined) return undefined;
  const unit = file.includes('imperial') ? 'F' : temp > 150 ? 'K' : 'C';
  return {
    file,
    year: new Date(dt * 1000).getUTCFullYear(),
    tempC: toCelsius(temp, unit),
    feelsC: toCelsius(feels, unit),
    humidity,
    windMS: unit === 'F' ? speed * 0.44704 : speed,
  };
}

function fromXml(file: string, text: string): Sample | undefined {
  const attribute = (element: string, name: string): string | undefined =>
    new RegExp(`<${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(text)?.[1];
  const feels = attribute('feels_like', 'value');
  if (feels === undefined) return undefined;
  const unitName = attribute('temperature', 'unit');
  const unit = unitName === 'kelvin' ? 'K' : unitName === 'fahrenheit' ? 'F' : 'C';
  const speed = Number(attribute('speed', 'value'));
  return {
    file,
    year: Number(attribute('lastupdate', 'value')?.slice(0, 4)),
    tempC: toCelsius(Number(attribute('temperature', 'value')), unit),
    feelsC: toCelsius(Number(feels), unit),
    humidity: Number(attribute('humidity', 'value')),
    windMS: unit === 'F' ? speed * 0.44704 : speed,
  };
}

const SAMPLES: Sample[] = readdirSync(DIR)
  .filter((file) => !file.includes('EDITED'))
  .flatMap((file) => {
    const text = readFileSync(new URL(file, DIR), 'utf8');
    const sample = file.endsWith('.json')
      ? fromJson(file, text)
      : file.endsWith('.xml')
        ? fromXml(file, text)
        : undefined;
    return sample ? [sample] : [];
  });

/** The Australian apparent temperature (Steadman 1994, BoM), which the 2019–2020 samples follow. */
function apparentTemperatureC(tempC: number, humidity: number, windMS: number): number {
  const vapourHpa = (humidity / 100) * 6.105 * Math.exp((17.27 * tempC) / (237.7 + tempC));
  return tempC + 0.33 * vapourHpa - 0.7 * windMS - 4;
}

describe('feels_like as the live service computes it', () => {
  const since2021 = SAMPLES.filter((s) => s.year >= 2021);
  const before = SAMPLES.filter((s) => s.year < 2021);
  const error = (s: Sample): number => feelsLikeC(s.tempC, s.humidity, s.windMS) - s.feelsC;

  it('finds the samples: 21 with temp, feels_like, humidity and wind, 15 of them since 2021', () => {
    const table = SAMPLES.map(
      (s) =>
        `${s.file.padEnd(72)} ${s.year} ${s.tempC.toFixed(2).padStart(6)} °C ` +
        `${String(s.humidity).padStart(3)} % ${s.windMS.toFixed(2).padStart(5)} m/s: ` +
        `service ${s.feelsC.toFixed(2).padStart(6)}, model ${(s.feelsC + error(s)).toFixed(2).padStart(6)}`,
    );
    console.log(table.join('\n'));
    expect([SAMPLES.length, since2021.length]).toStrictEqual([21, 15]);
  });

  it('matches every sample since 2021 within 0.25 °C (mean error under 0.05 °C)', () => {
    const errors = since2021.map((s) => Math.abs(error(s)));
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    console.log(
      `since 2021: mean |error| ${mean.toFixed(3)} °C, max ${Math.max(...errors).toFixed(3)} °C`,
    );
    expect(Math.max(...errors)).toBeLessThan(0.25);
    expect(mean).toBeLessThan(0.05);
  });

  it('documents the older formula: the 2020 samples follow the apparent temperature', () => {
    const from2020 = before.filter((s) => s.year === 2020);
    expect(from2020.map((s) => s.file.slice(0, 12))).toStrictEqual([
      'cmfcmf_docs_',
      'cmfcmf_docs_',
      'owmdocs_curr',
      'pastebin_KHe',
      'ramola1808_c',
    ]);
    for (const s of from2020) {
      expect(Math.abs(apparentTemperatureC(s.tempC, s.humidity, s.windMS) - s.feelsC)).toBeLessThan(
        0.05,
      );
    }
  });
});
