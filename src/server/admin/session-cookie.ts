// The console's session cookie, named in one place for the session plugin, the sign-out that
// clears it when the store fails, and the OpenAPI document.
const ADMIN_COOKIE = 'ebr_admin';

/** The session cookie's name: `__Host-` prefixed over https (the browser then insists on Secure, Path=/ and no Domain). */
export function adminCookieName(secure: boolean): string {
  return secure ? `__Host-${ADMIN_COOKIE}` : ADMIN_COOKIE;
}
