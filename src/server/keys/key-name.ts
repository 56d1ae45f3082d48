// An API key's name, as the console and the terminal tool both take it: whitespace and control
// characters become one space, and the name must hold something a person can read in the list.
import { API_KEY_NAME_MAX } from '../../shared/admin-limits.js';

/** The name as stored: runs of whitespace and control characters as one space, trimmed. */
export function cleanKeyName(raw: string): string {
  return raw.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Why a cleaned name is refused, or undefined when it is fine: 'length' (empty or over
 * API_KEY_NAME_MAX), 'unreadable' (only invisible characters such as a zero-width space).
 */
export function keyNameProblem(name: string): 'length' | 'unreadable' | undefined {
  if (name === '' || [...name].length > API_KEY_NAME_MAX) return 'length';
  if (!/[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(name)) return 'unreadable';
  return undefined;
}

export const unreadableKeyNameMessage = 'O nome da chave precisa ter ao menos uma letra, um número ou um símbolo.';
