import { describe, expect, it } from 'vitest';
import { ana, fakeJwt, jwtExpiringIn } from '../testing/fixtures';
import {
  clearSession,
  decodeJwtExpiry,
  getSession,
  isLoggedIn,
  setAccessToken,
  setBaseUrl,
  setPermissionRoutes,
  setUserInfo,
  STORAGE_KEYS,
} from './session';

describe('session storage', () => {
  it('uses the contract keys', () => {
    setUserInfo(ana);
    setPermissionRoutes(['users']);
    setAccessToken(fakeJwt({ exp: 2_000_000_000 }));
    setBaseUrl('https://acme.example.com');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(ana);
    expect(JSON.parse(localStorage.getItem('permissionRoutes')!)).toEqual(['users']);
    expect(localStorage.getItem('accessToken')).toMatch(/^ey/);
    expect(localStorage.getItem('accessTokenExpiry')).toBe('2000000000000');
    expect(localStorage.getItem('baseUrl')).toBe('https://acme.example.com');
    expect(Object.values(STORAGE_KEYS)).toEqual(
      expect.arrayContaining(['userInfo', 'permissions', 'permissionRoutes', 'baseUrl']),
    );
  });

  it('decodes the exp claim as milliseconds, base64url included', () => {
    expect(decodeJwtExpiry(fakeJwt({ exp: 1_700_000_000, name: 'João ü?>' }))).toBe(1_700_000_000_000);
    expect(decodeJwtExpiry(fakeJwt({ sub: 'x' }))).toBeNull();
    expect(decodeJwtExpiry('not-a-jwt')).toBeNull();
  });

  it('counts as logged in only with user info and an unexpired token', () => {
    expect(isLoggedIn()).toBe(false);
    setAccessToken(jwtExpiringIn(60));
    expect(isLoggedIn()).toBe(false); // no user info
    setUserInfo(ana);
    expect(isLoggedIn()).toBe(true);
    setAccessToken(jwtExpiringIn(-1));
    expect(isLoggedIn()).toBe(false); // expired
    setAccessToken(fakeJwt({ sub: 'no exp' }));
    expect(isLoggedIn()).toBe(false); // unknown expiry fails closed
  });

  it('ignores malformed stored values', () => {
    localStorage.setItem('userInfo', '{not json');
    localStorage.setItem('permissionRoutes', '"users"');
    clearSessionCache();
    expect(getSession().userInfo).toBeNull();
    expect(getSession().permissionRoutes).toEqual([]);
  });

  it('clearSession forgets the user but keeps baseUrl', () => {
    setBaseUrl('');
    setUserInfo(ana);
    setAccessToken(jwtExpiringIn(60));
    clearSession();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('accessTokenExpiry')).toBeNull();
    expect(localStorage.getItem('baseUrl')).toBe('');
  });
});

/** Writes made behind the module's back (another tab) arrive as a storage event. */
function clearSessionCache() {
  window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
}
