/**
 * Names the Express server (server/) and the app agree on, kept in one place (issue 10).
 * Client-safe: no imports, so server/ can read them without loading the app.
 */

/** Set by the server from the connection (or a proxy named by TRUST_PROXY); never taken from the client. */
export const CLIENT_IP_HEADER = "x-toolnest-client-ip";

/**
 * Set by the server to the TCP peer's own address (the socket, never X-Forwarded-For), for the
 * few checks that must know whether a request really comes from this machine (development sign-in).
 */
export const PEER_ADDRESS_HEADER = "x-toolnest-peer-address";

/** The one-time message cookie (app/domain/flash.server.ts); server/page-cache.ts never caches a page for it. */
export const FLASH_COOKIE = "toolnest_flash";
