/**
 * `feels_like` as the live service has computed it since 2021, fitted to its responses in
 * shared/owm-truth (see test/unit/core/comfort.test.ts): the US National Weather Service's two
 * indices, chosen as the NWS chooses them. At or below 10 °C (50 °F) with wind above 1.34 m/s
 * (3 mph), the wind chill (NWS/Environment Canada 2001, wind in km/h at 10 m); otherwise the heat
 * index: Steadman's simple formula, or the Rothfusz regression with its two adjustments where the
 * simple value averaged with the temperature reaches 80 °F. The simple formula applies at any
 * temperature, which is why the service reports 13.45 °C at 90 % as feeling 13.2 °C.
 * (Samples of 2019–2020 follow the Australian apparent temperature instead: Berlin, 12.73 °C at
 * 6.2 m/s, felt 7.40 °C then; the service changed formula between September 2020 and June 2021.)
 */
export const WIND_CHILL_MAX_C = 10;
export const WIND_CHILL_MIN_WIND_MS = 1.34;

export function windChillC(tempC: number, windMS: number): number {
  const p = Math.pow(windMS * 3.6, 0.16);
  return 13.12 + 0.6215 * tempC - 11.37 * p + 0.3965 * tempC * p;
}

/**
 * The NWS takes the Rothfusz regression from where Steadman's simple value averaged with the
 * temperature reaches this, °F.
 */
export const ROTHFUSZ_FROM_F = 80;

const steadmanF = (f: number, humidity: number): number =>
  0.5 * (f + 61 + (f - 68) * 1.2 + humidity * 0.094);

const averagedF = (f: number, simpleF: number): number => (simpleF + f) / 2;

/** What heatIndexC compares with ROTHFUSZ_FROM_F, °F. */
export function rothfuszTestF(tempC: number, humidity: number): number {
  const f = tempC * 1.8 + 32;
  return averagedF(f, steadmanF(f, humidity));
}

export function heatIndexC(tempC: number, humidity: number): number {
  const f = tempC * 1.8 + 32;
  const simple = steadmanF(f, humidity);
  let hi = simple;
  if (averagedF(f, simple) >= ROTHFUSZ_FROM_F) {
    hi =
      -42.379 +
      2.04901523 * f +
      10.14333127 * humidity -
      0.22475541 * f * humidity -
      0.00683783 * f * f -
      0.05481717 * humidity * humidity +
      0.00122874 * f * f * humidity +
      0.00085282 * f * humidity * humidity -
      0.00000199 * f * f * humidity * humidity;
    if (humidity < 13 && f >= 80 && f <= 112) {
      hi -= ((13 - humidity) / 4) * Math.sqrt((17 - Math.abs(f - 95)) / 17);
    } else if (humidity > 85 && f >= 80 && f <= 87) {
      hi += ((humidity - 85) / 10) * ((87 - f) / 5);
    }
  }
  return (hi - 32) / 1.8;
}

export function feelsLikeC(tempC: number, humidity: number, windMS: number): number {
  if (tempC <= WIND_CHILL_MAX_C && windMS > WIND_CHILL_MIN_WIND_MS)
    return windChillC(tempC, windMS);
  return heatIndexC(tempC, humidity);
}
