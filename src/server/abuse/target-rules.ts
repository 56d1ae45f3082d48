// Targets nobody may shorten: this machine and private networks. A public shortener that
// redirects to http://192.168.0.1/ or http://localhost/ is a tool for attacks on the
// visitor's own network. The address rules are the metadata fetcher's (one definition).
import { isAllowedAddress } from '../metadata/address-policy.js';
import { withoutRootDots } from './blocklist.js';

// Names that never leave the local machine or network: the reserved ones, and the suffixes
// routers and company networks use without their being delegated on the Internet.
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain|lan|home|corp|intranet|private)$/;

/**
 * True when a URL host (as WHATWG parsing gives it: lowercased, IPv4 canonicalised, IPv6
 * in brackets) names this machine or a private network. `allowLoopback` is the test-only
 * switch that lets end-to-end tests use loopback fixture pages.
 */
export function isForbiddenTargetHost(hostname: string, allowLoopback: boolean): boolean {
  // Every trailing dot: 'localhost..' is localhost to a resolver that accepts it.
  const host = withoutRootDots(hostname.toLowerCase());
  if (LOCAL_NAME.test(host)) return !(allowLoopback && (host === 'localhost' || host.endsWith('.localhost')));
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  // A name of one label ("router", "intranet", "wpad") is looked up in the visitor's own
  // network's search domains: no public site is reached that way.
  if (!isIpLiteral(literal)) return !host.includes('.');
  return !isAllowedAddress(literal, { allowPrivateAddresses: allowLoopback });
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
