import { CLIENT_IP_HEADER, PEER_ADDRESS_HEADER } from "./headers";

/** The client's address as the server determined it (the key of rate limits and lockouts). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** Whether the request's TCP peer is on the loopback interface (127.0.0.0/8 or ::1). */
export function fromLoopback(request: Request): boolean {
  const peer = request.headers.get(PEER_ADDRESS_HEADER) ?? "";
  return peer === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(peer);
}
