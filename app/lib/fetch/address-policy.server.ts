import net from "node:net";

/**
 * Which IP addresses the server may connect to on a visitor's behalf: public unicast only.
 * IPv4 is a deny list (IANA special-purpose registry); IPv6 is an allow list (global unicast
 * 2000::/3) minus its special blocks, so IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96),
 * unique-local, link-local, multicast, loopback and unspecified forms are all outside it.
 */
const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", includes 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes broadcast 255.255.255.255
];

const BLOCKED_V6_INSIDE_GLOBAL: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments, includes Teredo 2001::/32 (tunnels to any IPv4)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an arbitrary IPv4 address
  ["3fff::", 20], // documentation
];

const blockedV4 = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockedV4.addSubnet(address, prefix, "ipv4");

const globalV6 = new net.BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");

const blockedV6 = new net.BlockList();
for (const [address, prefix] of BLOCKED_V6_INSIDE_GLOBAL) blockedV6.addSubnet(address, prefix, "ipv6");

const loopbackV4 = new net.BlockList();
loopbackV4.addSubnet("127.0.0.0", 8, "ipv4");
// A list of its own: one holding the IPv4 rule would also match ::ffff:127.0.0.1.
const loopbackV6 = new net.BlockList();
loopbackV6.addAddress("::1", "ipv6");

/** The address without URL brackets or an IPv6 zone (fe80::1%eth0), or null if it is not an IP. */
export function normalizeIp(text: string): string | null {
  const bare = text.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  return net.isIP(bare) ? bare : null;
}

export function isPublicAddress(address: string): boolean {
  const ip = normalizeIp(address);
  if (!ip) return false;
  if (net.isIPv4(ip)) return !blockedV4.check(ip, "ipv4");
  return globalV6.check(ip, "ipv6") && !blockedV6.check(ip, "ipv6");
}

/** 127.0.0.0/8 or ::1 exactly (not mapped forms): the only addresses the test allowance opens. */
export function isLoopbackAddress(address: string): boolean {
  const ip = normalizeIp(address);
  if (!ip) return false;
  return net.isIPv4(ip) ? loopbackV4.check(ip, "ipv4") : loopbackV6.check(ip, "ipv6");
}
