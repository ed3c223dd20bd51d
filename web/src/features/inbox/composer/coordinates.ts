/**
 * Reading a place the agent types or pastes into "Enviar localização": latitude and longitude as
 * people write them — "-23.5614, -46.6559", or with the decimal comma Brazilians type
 * ("-23,5614; -46,6559", "-23,5614 -46,6559") — or the link of a map: Google Maps (the place's pin
 * `!3d…!4d…`, `?q=lat,lng`, `query=lat,lng`, the view's `@lat,lng`), OpenStreetMap (the marker's
 * `mlat`/`mlon`, the view's `#map=zoom/lat/lng`) or a `geo:` URI. A pin wins over the view's centre.
 * Pure: no DOM, so it is tested on its own.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export type CoordinatesReading = ({ ok: true } & Coordinates) | { ok: false; problem: string };

/** What to type (the field's error when nothing readable was typed). */
export const COORDINATES_HINT =
  'Informe latitude e longitude, por exemplo -23.5614, -46.6559, ou cole um link do Google Maps.';
/** Numbers read, but not a place on Earth (often latitude and longitude swapped, or a sign lost). */
export const OFF_THE_MAP = 'Fora do mapa: a latitude vai de -90 a 90 e a longitude de -180 a 180.';
/** A shortened link only says where it leads once opened, which a page cannot do for another site. */
export const SHORT_LINK =
  'Links curtos não trazem as coordenadas: abra o link, copie o endereço completo do mapa e cole aqui.';

const DOT = String.raw`[+-]?\d{1,3}(?:\.\d+)?`;
const COMMA = String.raw`[+-]?\d{1,3}(?:,\d+)?`;
/** Decimal point; the two numbers apart by a comma, a semicolon or spaces. */
const WITH_POINTS = new RegExp(String.raw`^(${DOT})(\s*[,;]\s*|\s+)(${DOT})$`);
/** Decimal comma; apart by a semicolon or spaces ("-23,5614; -46,6559", "-23,5614 -46,6559"). */
const WITH_COMMAS = new RegExp(String.raw`^(${COMMA})\s*(?:;|\s)\s*(${COMMA})$`);
/** Decimal comma, apart by a comma and a space ("-23,5614, -46,6559"). */
const WITH_COMMAS_AND_COMMA = new RegExp(String.raw`^(${COMMA}),\s+(${COMMA})$`);

/** Google's place data: `!3d<lat>!4d<lng>` (the pin, where `@` is only the view's centre). */
const GOOGLE_PIN = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/;
/** Google's view: `/@<lat>,<lng>,<zoom>z`. */
const GOOGLE_VIEW = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/;
/** OpenStreetMap's view: `#map=<zoom>/<lat>/<lng>`. */
const OSM_VIEW = /(?:^|[#&])map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/;
/** Query parameters that may hold "lat,lng" (Google's `q`/`query`, Apple's and old Google's `ll`). */
const POINT_PARAMS = ['q', 'query', 'll', 'destination', 'daddr'];
/** Hosts of shortened map links. */
const SHORT_HOSTS = /^(?:maps\.app\.goo\.gl|goo\.gl|g\.co|osm\.org)$/i;

/** Reads coordinates from what was typed or pasted; the problem (pt_BR) when it cannot. */
export function readCoordinates(input: string): CoordinatesReading {
  const text = input.trim();
  if (text === '') return { ok: false, problem: COORDINATES_HINT };
  const found = /^geo:/i.test(text) ? fromGeoUri(text) : looksLikeLink(text) ? fromLink(text) : fromText(text);
  if (typeof found === 'string') return { ok: false, problem: found };
  if (!found) return { ok: false, problem: COORDINATES_HINT };
  if (!onTheMap(found)) return { ok: false, problem: OFF_THE_MAP };
  return { ok: true, ...found };
}

/** Whether a point is on Earth: latitude -90..90, longitude -180..180. */
export function onTheMap({ latitude, longitude }: Coordinates): boolean {
  return (
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

const PREVIEW = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** The point as the dialog shows it back: "Latitude -23,5614, longitude -46,6559". */
export function describeCoordinates({ latitude, longitude }: Coordinates): string {
  return `Latitude ${PREVIEW.format(latitude)}, longitude ${PREVIEW.format(longitude)}`;
}

/** "-23.5614, -46.6559" (what "Usar minha localização atual" fills in: 6 decimals, about 10 cm). */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

function fromText(text: string): Coordinates | null {
  // "(-23.5614°, -46.6559°)", as some apps copy it.
  const bare = text.replace(/°/g, '').replace(/^[([]\s*(.*?)\s*[)\]]$/, '$1');
  const points = WITH_POINTS.exec(bare);
  // "-23,56" is one number with a decimal comma: two whole numbers need a space ("-23, -46").
  const wholeNumbersByAComma = points?.[2] === ',' && !`${points[1]}${points[3]}`.includes('.');
  if (points && !wholeNumbersByAComma) return pair(points[1], points[3]);
  const commas = WITH_COMMAS.exec(bare) ?? WITH_COMMAS_AND_COMMA.exec(bare);
  if (commas) return pair(commas[1]?.replace(',', '.'), commas[2]?.replace(',', '.'));
  return null;
}

function looksLikeLink(text: string): boolean {
  return /^https?:\/\//i.test(text) || (!/\s/.test(text) && /^[\w-]+(?:\.[\w-]+)+\//.test(text));
}

function fromLink(text: string): Coordinates | string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const whole = decodeURIComponentSafe(url.href);
  const pin = GOOGLE_PIN.exec(whole);
  if (pin) return pair(pin[1], pin[2]);
  const params = url.searchParams;
  const mlat = params.get('mlat');
  const mlon = params.get('mlon');
  if (mlat !== null && mlon !== null) return pair(mlat, mlon);
  for (const name of POINT_PARAMS) {
    const value = params.get(name);
    const point = value === null ? null : fromText(value.replace(/^loc:\s*/i, ''));
    if (point) return point;
  }
  const view = GOOGLE_VIEW.exec(decodeURIComponentSafe(url.pathname)) ?? OSM_VIEW.exec(url.hash.slice(1));
  if (view) return pair(view[1], view[2]);
  if (SHORT_HOSTS.test(url.hostname)) return SHORT_LINK;
  return null;
}

/** `geo:-23.5614,-46.6559;u=35` or `geo:0,0?q=-23.5614,-46.6559(Loja)` (RFC 5870, Android's share). */
function fromGeoUri(text: string): Coordinates | null {
  // With a query the path is a placeholder (`0,0`): the point is the query's, or none (an address).
  const query = /\?q=([^&(]+)/.exec(text)?.[1];
  if (query !== undefined) return fromText(decodeURIComponentSafe(query.replace(/\+/g, ' ')).trim());
  const path = /^geo:([^;?]+)/i.exec(text)?.[1] ?? '';
  return fromText(path.split(',').slice(0, 2).join(','));
}

function pair(latitude: string | undefined, longitude: string | undefined): Coordinates | null {
  if (latitude === undefined || longitude === undefined) return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) ? point : null;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
