import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce (server/security-headers.ts), for inline scripts
 * of our own (the theme script). Provided by app/entry.server.tsx; in the browser it is undefined,
 * which is what the browser itself reports once it has applied the policy.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
