import ipaddr from 'ipaddr.js';

/**
 * Which addresses a server-side request (a document URL, a webhook) may reach unless the
 * operator allows private ones (VCASE_ALLOW_PRIVATE_URLS): globally routable unicast only.
 * Otherwise a URL could probe the host itself, the internal network, a cloud metadata endpoint
 * (169.254.169.254, 100.100.100.200) or a neighbour behind carrier-grade NAT.
 *
 * ipaddr.js names the special-purpose ranges of the IANA registries (loopback, private,
 * carrierGradeNat, linkLocal, multicast, broadcast, reserved: 192.0.0.0/24, the TEST-NETs,
 * 198.18/15, 240/4; uniqueLocal, deprecatedSiteLocal fec0::/10, discard 100::/64, teredo,
 * 2001:db8::/32 …) and calls every other address `unicast`. What it leaves out is added here:
 * an IPv6 address must also lie in 2000::/3, the only block allocated for global unicast
 * (which refuses IPv4-compatible ::a.b.c.d such as ::127.0.0.1, and whatever IANA has not
 * allocated), and an IPv6 address that carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d and
 * its RFC 6145 twin, NAT64 64:ff9b::/96, 6to4 2002::/16) is as public as the IPv4 inside it.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(canonical(address.replace(/^\[(.*)\]$/, '$1')));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/**
 * IPv6 in its canonical hex form (the URL standard's): ipaddr.js reads a dotted tail such as
 * `::8.8.8.8` as IPv4-mapped (`::ffff:8.8.8.8`), while the address is the IPv4-compatible
 * `::808:808`, which no network routes to 8.8.8.8.
 */
function canonical(address: string): string {
  return address.includes(':') ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/** The IPv4 address an IPv6 one stands for, where it stands for one. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || (range === 'rfc6052' && v6.match(NAT64))) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}
