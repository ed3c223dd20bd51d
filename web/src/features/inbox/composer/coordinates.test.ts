import { describe, expect, it } from 'vitest';
import {
  COORDINATES_HINT,
  describeCoordinates,
  formatCoordinates,
  OFF_THE_MAP,
  readCoordinates,
  SHORT_LINK,
} from './coordinates';

const PAULISTA = { ok: true, latitude: -23.5614, longitude: -46.6559 };

describe('readCoordinates', () => {
  it.each([
    '-23.5614, -46.6559',
    '-23.5614,-46.6559',
    '  -23.5614 -46.6559 ',
    '-23.5614; -46.6559',
    '(-23.5614, -46.6559)',
    '-23.5614°, -46.6559°',
    // The decimal comma Brazilians type.
    '-23,5614; -46,6559',
    '-23,5614;-46,6559',
    '-23,5614 -46,6559',
    '-23,5614, -46,6559',
  ])('reads typed coordinates: %s', (text) => {
    expect(readCoordinates(text)).toEqual(PAULISTA);
  });

  it.each([
    ['Google Maps, a point', 'https://www.google.com/maps/@-23.5614,-46.6559,17z'],
    ['Google Maps, a search', 'https://www.google.com/maps/search/?api=1&query=-23.5614%2C-46.6559'],
    ['Google Maps, q=', 'https://maps.google.com/?q=-23.5614,-46.6559'],
    ['Google Maps, q= with loc:', 'https://maps.google.com/maps?q=loc:-23.5614+-46.6559&z=15'],
    ['Google Maps without the scheme', 'google.com/maps/@-23.5614,-46.6559,15z'],
    ['OpenStreetMap, a marker', 'https://www.openstreetmap.org/?mlat=-23.5614&mlon=-46.6559#map=17/-23.5614/-46.6559'],
    ['OpenStreetMap, a view', 'https://www.openstreetmap.org/#map=17/-23.5614/-46.6559'],
    ['OpenStreetMap, a view with layers', 'https://www.openstreetmap.org/#map=17/-23.5614/-46.6559&layers=H'],
    ['a geo: URI', 'geo:-23.5614,-46.6559;u=35'],
    ['a geo: URI with a query', 'geo:0,0?q=-23.5614,-46.6559(Loja)'],
  ])('reads a link: %s', (_, link) => {
    expect(readCoordinates(link)).toEqual(PAULISTA);
  });

  it('takes the place’s pin of a Google Maps place link, not the centre of the view', () => {
    const link =
      'https://www.google.com/maps/place/Av.+Paulista,+1578+-+Bela+Vista,+S%C3%A3o+Paulo/@-23.5600,-46.6500,17z/data=!3m1!4b1!4m6!3m5!1s0x94ce59c8da0aa315:0xd59f9431f2c9776a!8m2!3d-23.5614!4d-46.6559!16s';
    expect(readCoordinates(link)).toEqual(PAULISTA);
  });

  it('takes the marker of an OpenStreetMap link, not the centre of the view', () => {
    expect(readCoordinates('https://www.openstreetmap.org/?mlat=-23.5614&mlon=-46.6559#map=12/-23.5/-46.6')).toEqual(
      PAULISTA,
    );
  });

  it('reads whole numbers and the edges of the map', () => {
    expect(readCoordinates('-23, -46')).toEqual({ ok: true, latitude: -23, longitude: -46 });
    expect(readCoordinates('90, 180')).toEqual({ ok: true, latitude: 90, longitude: 180 });
    expect(readCoordinates('-90 -180')).toEqual({ ok: true, latitude: -90, longitude: -180 });
  });

  it.each([
    '',
    '   ',
    'Av. Paulista, 1578',
    '-23.5614',
    // One number with a decimal comma, not two.
    '-23,56',
    '-23.5614, -46.6559, 12',
    '-23.5614,, -46.6559',
    'abc, def',
    '1e1, 2e1',
    'https://www.google.com/maps/place/Av.+Paulista',
    'https://www.google.com/maps/search/?api=1&query=Av+Paulista',
    'https://www.openstreetmap.org/node/123',
    'https://example.com/',
    'geo:0,0?q=Av+Paulista',
    'http://',
  ])('says what to type for what it cannot read: %j', (text) => {
    expect(readCoordinates(text)).toEqual({ ok: false, problem: COORDINATES_HINT });
  });

  it.each(['91, 0', '-90.5, 10', '0, 180.1', '-46.6559, -190', '23.5, 200'])(
    'refuses a point off the map: %s',
    (text) => {
      expect(readCoordinates(text)).toEqual({ ok: false, problem: OFF_THE_MAP });
    },
  );

  it('says a shortened link cannot be read here', () => {
    expect(readCoordinates('https://maps.app.goo.gl/AbCdEf123')).toEqual({ ok: false, problem: SHORT_LINK });
    expect(readCoordinates('https://goo.gl/maps/AbCdEf123')).toEqual({ ok: false, problem: SHORT_LINK });
  });
});

describe('showing coordinates', () => {
  it('shows them back in pt_BR and fills the field with six decimals', () => {
    expect(describeCoordinates({ latitude: -23.5614, longitude: -46.6559 })).toBe(
      'Latitude -23,5614, longitude -46,6559',
    );
    expect(formatCoordinates({ latitude: -23.56140123, longitude: -46.6559 })).toBe('-23.561401, -46.655900');
  });
});
