/**
 * Volcanoes that erupt often enough to put ash in a weather report: the most persistently active
 * ones of the Smithsonian Institution's Global Volcanism Program (Volcanoes of the World), with
 * their summits' coordinates rounded to about 0.01°. Volcanic ash (condition 762) is reported only
 * within ASH_RADIUS_KM of one of them.
 */
export const ASH_RADIUS_KM = 40;

// prettier-ignore
export const VOLCANOES: readonly (readonly [name: string, lat: number, lon: number])[] = [
  ['Etna', 37.75, 15.0],
  ['Stromboli', 38.79, 15.21],
  ['Grímsvötn', 64.42, -17.32],
  ['Sakurajima', 31.59, 130.66],
  ['Suwanosejima', 29.64, 129.71],
  ['Aso', 32.88, 131.1],
  ['Ebeko', 50.69, 156.01],
  ['Karymsky', 54.05, 159.44],
  ['Bezymianny', 55.97, 160.6],
  ['Klyuchevskoy', 56.06, 160.64],
  ['Shiveluch', 56.65, 161.36],
  ['Great Sitkin', 52.08, -176.13],
  ['Pavlof', 55.42, -161.89],
  ['Shishaldin', 54.76, -163.97],
  ['Kīlauea', 19.42, -155.29],
  ['Colima', 19.51, -103.62],
  ['Popocatépetl', 19.02, -98.62],
  ['Santa María', 14.76, -91.55],
  ['Fuego', 14.47, -90.88],
  ['Pacaya', 14.38, -90.6],
  ['Soufrière Hills', 16.72, -62.18],
  ['Nevado del Ruiz', 4.89, -75.32],
  ['Reventador', -0.08, -77.66],
  ['Tungurahua', -1.47, -78.44],
  ['Sangay', -2.0, -78.34],
  ['Sabancaya', -15.79, -71.86],
  ['Ubinas', -16.36, -70.9],
  ['Villarrica', -39.42, -71.93],
  ['Erta Ale', 13.6, 40.67],
  ['Nyiragongo', -1.52, 29.25],
  ['Piton de la Fournaise', -21.24, 55.71],
  ['Sinabung', 3.17, 98.39],
  ['Anak Krakatau', -6.1, 105.42],
  ['Merapi', -7.54, 110.45],
  ['Semeru', -8.11, 112.92],
  ['Ibu', 1.49, 127.63],
  ['Dukono', 1.69, 127.89],
  ['Mayon', 13.26, 123.69],
  ['Taal', 14.0, 120.99],
  ['Manam', -4.08, 145.04],
  ['Yasur', -19.53, 169.45],
  ['Erebus', -77.53, 167.17],
];
