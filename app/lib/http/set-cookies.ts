/** Copies the Set-Cookie values of `from` (Better Auth's answer headers, say) onto `to`. */
export function copySetCookies(from: Headers, to = new Headers()): Headers {
  for (const value of from.getSetCookie()) to.append("Set-Cookie", value);
  return to;
}
