/**
 * The client a limit counts, from the address a request came from. Every limit and
 * counter keyed on the client (sign-up, password reset, opt-in, reports, views) goes
 * through this one rule:
 * - an IPv4 address is one client, as it is;
 * - an IPv6 address counts by its /64 network. A provider gives one subscriber a
 *   whole /64 (RFC 6177), and a host picks addresses inside it at will (privacy
 *   addresses rotate on their own), so one person holds billions of addresses and
 *   a limit per address would stop nobody;
 * - an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address;
 * - anything else (a platform's placeholder such as 'unknown') is kept as given.
 */

/** The key of a /64: its first four groups, lower-case hex without leading zeros, then `::/64`. */
export function clientLimitKey(address: string): string {
  const trimmed = address.trim();
  if (!trimmed.includes(':')) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const octets = IPV4.exec(tail)?.slice(1).map(Number);
    if (!octets || octets.some((octet) => octet > 255)) return null;
    text = `${text.slice(0, lastColon + 1)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${(
      (octets[2]! << 8) |
      octets[3]!
    ).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(missing).fill('0'), ...rest];
  if (!all.every((group) => HEX_GROUP.test(group))) return null;
  return all.map((group) => Number.parseInt(group, 16));
}
