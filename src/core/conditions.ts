/**
 * Weather condition codes of the Current Weather API 2.5: id → group (`main`), English
 * description as the live service writes it (lower case), and the day icon (night icons swap
 * the trailing `d` for `n`).
 */
export interface Condition {
  readonly id: number;
  readonly main: string;
  readonly description: string;
  readonly icon: string;
}

const rows: readonly (readonly [number, string, string, string])[] = [
  [200, 'Thunderstorm', 'thunderstorm with light rain', '11'],
  [201, 'Thunderstorm', 'thunderstorm with rain', '11'],
  [202, 'Thunderstorm', 'thunderstorm with heavy rain', '11'],
  [210, 'Thunderstorm', 'light thunderstorm', '11'],
  [211, 'Thunderstorm', 'thunderstorm', '11'],
  [212, 'Thunderstorm', 'heavy thunderstorm', '11'],
  [221, 'Thunderstorm', 'ragged thunderstorm', '11'],
  [230, 'Thunderstorm', 'thunderstorm with light drizzle', '11'],
  [231, 'Thunderstorm', 'thunderstorm with drizzle', '11'],
  [232, 'Thunderstorm', 'thunderstorm with heavy drizzle', '11'],
  [300, 'Drizzle', 'light intensity drizzle', '09'],
  [301, 'Drizzle', 'drizzle', '09'],
  [302, 'Drizzle', 'heavy intensity drizzle', '09'],
  [310, 'Drizzle', 'light intensity drizzle rain', '09'],
  [311, 'Drizzle', 'drizzle rain', '09'],
  [312, 'Drizzle', 'heavy intensity drizzle rain', '09'],
  [313, 'Drizzle', 'shower rain and drizzle', '09'],
  [314, 'Drizzle', 'heavy shower rain and drizzle', '09'],
  [321, 'Drizzle', 'shower drizzle', '09'],
  [500, 'Rain', 'light rain', '10'],
  [501, 'Rain', 'moderate rain', '10'],
  [502, 'Rain', 'heavy intensity rain', '10'],
  [503, 'Rain', 'very heavy rain', '10'],
  [504, 'Rain', 'extreme rain', '10'],
  [511, 'Rain', 'freezing rain', '13'],
  [520, 'Rain', 'light intensity shower rain', '09'],
  [521, 'Rain', 'shower rain', '09'],
  [522, 'Rain', 'heavy intensity shower rain', '09'],
  [531, 'Rain', 'ragged shower rain', '09'],
  [600, 'Snow', 'light snow', '13'],
  [601, 'Snow', 'snow', '13'],
  [602, 'Snow', 'heavy snow', '13'],
  [611, 'Snow', 'sleet', '13'],
  [612, 'Snow', 'light shower sleet', '13'],
  [613, 'Snow', 'shower sleet', '13'],
  [615, 'Snow', 'light rain and snow', '13'],
  [616, 'Snow', 'rain and snow', '13'],
  [620, 'Snow', 'light shower snow', '13'],
  [621, 'Snow', 'shower snow', '13'],
  [622, 'Snow', 'heavy shower snow', '13'],
  [701, 'Mist', 'mist', '50'],
  [711, 'Smoke', 'smoke', '50'],
  [721, 'Haze', 'haze', '50'],
  [731, 'Dust', 'sand/dust whirls', '50'],
  [741, 'Fog', 'fog', '50'],
  [751, 'Sand', 'sand', '50'],
  [761, 'Dust', 'dust', '50'],
  [762, 'Ash', 'volcanic ash', '50'],
  [771, 'Squall', 'squalls', '50'],
  [781, 'Tornado', 'tornado', '50'],
  [800, 'Clear', 'clear sky', '01'],
  [801, 'Clouds', 'few clouds', '02'],
  [802, 'Clouds', 'scattered clouds', '03'],
  [803, 'Clouds', 'broken clouds', '04'],
  [804, 'Clouds', 'overcast clouds', '04'],
];

export const CONDITIONS: ReadonlyMap<number, Condition> = new Map(
  rows.map(([id, main, description, icon]) => [id, { id, main, description, icon: `${icon}d` }]),
);

export const CONDITION_IDS: readonly number[] = rows.map((row) => row[0]);

export function conditionIcon(id: number, isDay: boolean): string {
  const condition = CONDITIONS.get(id);
  const base = condition ? condition.icon.slice(0, 2) : '01';
  return `${base}${isDay ? 'd' : 'n'}`;
}

/** The condition code that names a cloud cover, as the XML `clouds name` and codes 800–804 do. */
export function cloudConditionId(cloudsPercent: number): number {
  if (cloudsPercent <= 10) return 800;
  if (cloudsPercent < 25) return 801;
  if (cloudsPercent <= 50) return 802;
  if (cloudsPercent <= 84) return 803;
  return 804;
}
