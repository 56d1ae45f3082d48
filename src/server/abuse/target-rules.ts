// Targets nobody may shorten: this machine and private networks. A public shortener that
// redirects to http://192.168.0.1/ or http://localhost/ is a tool for attacks on the
// visitor's own network. The address rules are the metadata fetcher's (one definition).
import { isAllowedAddress } from '../metadata/address-policy.js';

// Names that never leave the local machine or network.
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/;

/**
 * True when a URL host (as WHATWG parsing gives it: lowercased, IPv4 canonicalised, IPv6
 * in brackets) names this machine or a private network. `allowLoopback` is the test-only
 * switch that lets end-to-end tests use loopback fixture pages.
 */
export function isForbiddenTargetHost(hostname: string, allowLoopback: boolean): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_NAME.test(host)) return !(allowLoopback && (host === 'localhost' || host.endsWith('.localhost')));
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (!isIpLiteral(literal)) return false;
  return !isAllowedAddress(literal, { allowPrivateAddresses: allowLoopback });
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
