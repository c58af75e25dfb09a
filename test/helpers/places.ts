import type { Decoded, Observation } from '../../src/core/observation.js';

const base: Observation = {
  coord: { lon: 0, lat: 0 },
  weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
  main: { temp: 9.7, feels_like: 7.25, pressure: 1013, humidity: 71 },
  visibility: 10000,
  wind: { speed: 3.6, deg: 250 },
  clouds: { all: 0 },
  dt: 1767258000,
  sys: { country: 'XX', sunrise: 1767250000, sunset: 1767290000 },
  timezone: 0,
  name: '',
};

function at(overrides: Partial<Observation>): Decoded {
  return { observation: { ...base, ...overrides }, units: 'metric', simulated: false };
}

/** Places whose names test display width: wide CJK, right-to-left Arabic, a very long Latin word. */
export const CJK_PLACE = at({
  name: '東京都千代田区丸の内一丁目東京駅前',
  coord: { lat: 35.68, lon: 139.77 },
  weather: [{ id: 800, main: 'Clear', description: '晴天', icon: '01d' }],
  sys: { country: 'JP', sunrise: 1767218400, sunset: 1767254100 },
  timezone: 32400,
});

export const ARABIC_PLACE = at({
  name: 'مدينة الشيخ زايد',
  coord: { lat: 30.04, lon: 30.98 },
  weather: [{ id: 800, main: 'Clear', description: 'سماء صافية', icon: '01d' }],
  sys: { country: 'EG', sunrise: 1767243900, sunset: 1767281100 },
  timezone: 7200,
});

export const LATIN_PLACE = at({
  name: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  coord: { lat: 53.22, lon: -4.2 },
  weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
  rain: { '1h': 0.42 },
  sys: { country: 'GB', sunrise: 1767254700, sunset: 1767282900 },
  timezone: 0,
});

/** Five minutes after the observations. */
export const PLACES_NOW = (base.dt + 300) * 1000;
