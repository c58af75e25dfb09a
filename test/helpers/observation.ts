/** The smallest JSON observation the decoder accepts: every required member, no optional one. */
export const MINIMAL_OBSERVATION = {
  coord: { lon: 1, lat: 2 },
  weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
  main: { temp: 280, pressure: 1000, humidity: 50 },
  wind: { speed: 1 },
  dt: 1700000000,
};
