/** Splits a Headers' Set-Cookie values so they can be forwarded one by one. */
export function setCookiesOf(headers: Headers | null | undefined): string[] {
  if (!headers) return [];
  return headers.getSetCookie();
}
