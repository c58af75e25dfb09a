/**
 * The widget's own words (the condition's description comes from the condition texts). Languages
 * not listed get the English ones; the API's codes, after canonicalLang.
 */
export interface WidgetLabels {
  readonly wind: string;
  readonly pressure: string;
  readonly humidity: string;
  readonly clouds: string;
  readonly simulated: string;
}

const EN: WidgetLabels = {
  wind: 'Wind',
  pressure: 'Pressure',
  humidity: 'Humidity',
  clouds: 'Clouds',
  simulated: 'Simulated data',
};

const LABELS: Readonly<Record<string, WidgetLabels>> = {
  ar: {
    wind: 'الرياح',
    pressure: 'الضغط',
    humidity: 'الرطوبة',
    clouds: 'الغيوم',
    simulated: 'بيانات محاكاة',
  },
  de: {
    wind: 'Wind',
    pressure: 'Luftdruck',
    humidity: 'Luftfeuchtigkeit',
    clouds: 'Bewölkung',
    simulated: 'Simulierte Daten',
  },
  es: {
    wind: 'Viento',
    pressure: 'Presión',
    humidity: 'Humedad',
    clouds: 'Nubes',
    simulated: 'Datos simulados',
  },
  fa: {
    wind: 'باد',
    pressure: 'فشار',
    humidity: 'رطوبت',
    clouds: 'ابرناکی',
    simulated: 'داده‌های شبیه‌سازی‌شده',
  },
  fr: {
    wind: 'Vent',
    pressure: 'Pression',
    humidity: 'Humidité',
    clouds: 'Nuages',
    simulated: 'Données simulées',
  },
  he: {
    wind: 'רוח',
    pressure: 'לחץ',
    humidity: 'לחות',
    clouds: 'עננות',
    simulated: 'נתונים מדומים',
  },
  it: {
    wind: 'Vento',
    pressure: 'Pressione',
    humidity: 'Umidità',
    clouds: 'Nuvole',
    simulated: 'Dati simulati',
  },
  ja: {
    wind: '風',
    pressure: '気圧',
    humidity: '湿度',
    clouds: '雲量',
    simulated: 'シミュレーションデータ',
  },
  nl: {
    wind: 'Wind',
    pressure: 'Luchtdruk',
    humidity: 'Luchtvochtigheid',
    clouds: 'Bewolking',
    simulated: 'Gesimuleerde gegevens',
  },
  pl: {
    wind: 'Wiatr',
    pressure: 'Ciśnienie',
    humidity: 'Wilgotność',
    clouds: 'Zachmurzenie',
    simulated: 'Dane symulowane',
  },
  pt: {
    wind: 'Vento',
    pressure: 'Pressão',
    humidity: 'Umidade',
    clouds: 'Nuvens',
    simulated: 'Dados simulados',
  },
  pt_br: {
    wind: 'Vento',
    pressure: 'Pressão',
    humidity: 'Umidade',
    clouds: 'Nuvens',
    simulated: 'Dados simulados',
  },
  ru: {
    wind: 'Ветер',
    pressure: 'Давление',
    humidity: 'Влажность',
    clouds: 'Облачность',
    simulated: 'Смоделированные данные',
  },
  uk: {
    wind: 'Вітер',
    pressure: 'Тиск',
    humidity: 'Вологість',
    clouds: 'Хмарність',
    simulated: 'Змодельовані дані',
  },
  zh_cn: { wind: '风', pressure: '气压', humidity: '湿度', clouds: '云量', simulated: '模拟数据' },
  zh_tw: { wind: '風', pressure: '氣壓', humidity: '濕度', clouds: '雲量', simulated: '模擬資料' },
};

export function widgetLabels(lang: string): WidgetLabels {
  return LABELS[lang] ?? EN;
}

/** Languages written right to left, among the API's codes. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa']);

export function isRightToLeft(lang: string): boolean {
  return RIGHT_TO_LEFT.has(lang);
}
