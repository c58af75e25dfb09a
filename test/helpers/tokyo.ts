/**
 * Tokyo at NOW as the embedded model gives it (`weather serve --now NOW`, or `--offline --now
 * NOW`), and what each output of the CLI prints for it: the expected text of the CLI tests, in
 * process and end to end.
 */
export const NOW = '2026-06-21T12:04:00Z';
export const TOKYO = ['--lat', '35.6762', '--lon', '139.6503'];

export const TABLE = `Place        Tokyo, JP
Coordinates  35.6762, 139.6503
Observed     2026-06-21 21:00 (UTC+09:00)
Conditions   Broken clouds
Temperature  21.9 °C, feels like 22.1 °C
Min / max    21.1 °C / 22.7 °C
Wind         1.8 m/s from SW (220°)
Humidity     73%
Pressure     1015 hPa
Clouds       75%
Visibility   10 km
Sunrise      04:25
Sunset       19:00
Data         simulated by the embedded model, not a real observation
`;

export const SUMMARY = `Tokyo, JP, observed 2026-06-21 21:00 (UTC+09:00)
Broken clouds, 21.9 °C, feels like 22.1 °C
Wind 1.8 m/s from SW (220°)
Humidity 73%, pressure 1015 hPa
Sunrise 04:25, sunset 19:00
Simulated by the embedded model, not a real observation
`;

/** The body `weather serve` at `url` sends for Tokyo in `mode`, fetched directly. */
export async function servedBody(url: string, key: string, mode: string): Promise<Buffer> {
  const direct = await fetch(
    `${url}/weather?lat=35.6762&lon=139.6503&units=metric&lang=en&mode=${mode}&appid=${key}`,
  );
  return Buffer.from(await direct.arrayBuffer());
}

/** The arguments of a live call for Tokyo to the `weather serve` of useServer, then `args`. */
export function tokyoAt(
  served: { server(): { readonly url: string }; key(): string },
  args: readonly string[],
): string[] {
  return [...TOKYO, '--base-url', served.server().url, '--appid', served.key(), ...args];
}
