import { randomInt } from 'node:crypto';
import { isReservedAlias, RANDOM_ALIAS_LENGTH } from '../../shared/alias-rules.js';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random alias of 6 base-36 characters (about 2.2 billion values), never a reserved word. */
export function randomAlias(): string {
  for (;;) {
    let alias = '';
    for (let i = 0; i < RANDOM_ALIAS_LENGTH; i++) alias += ALPHABET[randomInt(ALPHABET.length)];
    if (!isReservedAlias(alias)) return alias;
  }
}
