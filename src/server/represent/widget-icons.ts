/**
 * The widget's icons, drawn inline (no image from anywhere): one per condition group of the
 * API's icon codes (01 clear, 02 few clouds, 03 scattered, 04 broken clouds, 09 showers, 10 rain,
 * 11 thunderstorm, 13 snow, 50 mist), each by day (a sun) and by night (a moon). Every SVG is
 * 48×48, decorative to screen readers when the description is next to it.
 */
const SUN_BIG =
  '<circle cx="24" cy="24" r="9" fill="#f2a900"/><g stroke="#f2a900" stroke-width="3" stroke-linecap="round"><path d="M24 5v5M24 38v5M5 24h5M38 24h5M10.6 10.6l3.5 3.5M33.9 33.9l3.5 3.5M10.6 37.4l3.5-3.5M33.9 14.1l3.5-3.5"/></g>';
const MOON_BIG = '<path d="M30 8a16 16 0 1 0 10 26A13 13 0 0 1 30 8z" fill="#5b6b8c"/>';
const SUN_SMALL =
  '<circle cx="15" cy="14" r="6" fill="#f2a900"/><g stroke="#f2a900" stroke-width="2" stroke-linecap="round"><path d="M15 3v3M4 14h3M7.2 6.2l2 2M22.8 6.2l-2 2"/></g>';
const MOON_SMALL = '<path d="M19 5a9 9 0 1 0 6 15A7.5 7.5 0 0 1 19 5z" fill="#5b6b8c"/>';
const CLOUD =
  '<path d="M14 36h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill="#9aa5b1"/>';
const CLOUD_DARK =
  '<path d="M10 30h18a6 6 0 0 0 0-12 8 8 0 0 0-15-1 6.5 6.5 0 0 0-3 13z" fill="#6f7a86"/><path d="M16 38h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill="#9aa5b1"/>';
const CLOUD_HIGH =
  '<path d="M14 30h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill="#8a95a1"/>';
const RAIN =
  '<g stroke="#1f6fd1" stroke-width="2.5" stroke-linecap="round"><path d="M17 34l-2 6M25 34l-2 6M33 34l-2 6"/></g>';
const SHOWERS =
  '<g stroke="#1f6fd1" stroke-width="2.5" stroke-linecap="round"><path d="M15 34l-2 5M21 36l-2 5M27 34l-2 5M33 36l-2 5"/></g>';
const BOLT = '<path d="M26 30l-6 9h5l-3 8 9-11h-5l3-6z" fill="#e0a800"/>';
const SNOW =
  '<g stroke="#3b8fd9" stroke-width="2" stroke-linecap="round"><path d="M16 34v6M13 37h6M26 36v6M23 39h6M36 34v6M33 37h6"/></g>';
const MIST =
  '<g stroke="#7d7d7d" stroke-width="3" stroke-linecap="round"><path d="M8 16h32M12 24h28M8 32h32M14 40h22"/></g>';

function parts(group: string, day: boolean): string {
  const big = day ? SUN_BIG : MOON_BIG;
  const small = day ? SUN_SMALL : MOON_SMALL;
  switch (group) {
    case '01':
      return big;
    case '02':
      return `${small}${CLOUD}`;
    case '03':
      return `${small}${CLOUD}`.replace('M14 36h22', 'M14 34h22');
    case '04':
      return `${small}${CLOUD_DARK}`;
    case '09':
      return `${small}${CLOUD_HIGH}${SHOWERS}`;
    case '10':
      return `${big.replace(/fill="#(f2a900|5b6b8c)"/, 'fill="#$1" opacity="0.9"')}${CLOUD_HIGH}${RAIN}`;
    case '11':
      return `${small}${CLOUD_HIGH}${BOLT}`;
    case '13':
      return `${small}${CLOUD_HIGH}${SNOW}`;
    case '50':
      return `${small}${MIST}`;
    default:
      return big;
  }
}

/** The icon for an API icon code (`10d`, `01n`); an unknown code gets the clear-sky one. */
export function iconSvg(icon: string): string {
  const day = !icon.endsWith('n');
  return `<svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" data-icon="${icon.replace(/[^0-9dn]/g, '')}">${parts(icon.slice(0, 2), day)}</svg>`;
}
