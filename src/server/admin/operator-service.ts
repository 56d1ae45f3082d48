// The console's operators: added and removed with the terminal tool (npm run admin -- operators
// …), checked at sign-in. Passwords are scrypt hashes at OWASP's recommended cost; a sign-in for
// an unknown e-mail hashes all the same, so the answer's timing does not say which e-mails exist.
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '../../shared/admin-api.js';
import type { Clock } from '../calendar.js';
import { AppError } from '../errors.js';
import { createHashQueue, hashPassword, PasswordChecksBusy, type ScryptCost, verifyPassword } from '../password-hash.js';
import type { OperatorRepository } from './operator-repository.js';

/** N = 2^16, r = 8, p = 2: one of OWASP's scrypt settings (64 MB, ~0.2 s here). */
export const OPERATOR_PASSWORD_COST: ScryptCost = { N: 2 ** 16, r: 8, p: 2 };

/** Hashes at once at most: each takes 64 MB, and sign-in floods from many addresses must not take the memory. */
const HASHES_AT_ONCE = 2;

/**
 * Sign-in checks waiting at most; past it a sign-in answers 503 (retry in a few seconds) at once.
 * Unbounded, a flood of wrong sign-ins from many addresses (each within its own limit) held an
 * operator's right one for 17 s (measured at ~2.7 checks a second).
 */
const SIGN_IN_CHECKS_WAITING_MAX = 16;

/** An e-mail as stored and compared: trimmed, lowercase; undefined when it is not one. */
export function normalizeOperatorEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

/** Whether a password is acceptable for an operator (its length; the sign-in limit slows guessing). */
export function isAcceptableOperatorPassword(password: string): boolean {
  const length = [...password].length;
  return length >= OPERATOR_PASSWORD_MIN && length <= OPERATOR_PASSWORD_MAX;
}

export interface SignedInOperator {
  id: number;
  email: string;
}

export type SignInResult = { operator: SignedInOperator } | { refused: 'unknown_email' } | { refused: 'wrong_password'; email: string };

export function createOperatorService(deps: {
  operators: OperatorRepository;
  clock: Clock;
  /** OPERATOR_PASSWORD_COST unless a test lowers it (password-hash.ts, PasswordCosts). */
  cost?: ScryptCost | undefined;
}) {
  const cost = deps.cost ?? OPERATOR_PASSWORD_COST;
  // A hash of nothing anybody knows, checked against for unknown e-mails.
  let decoy: Promise<string> | undefined;
  const hashes = createHashQueue(HASHES_AT_ONCE, SIGN_IN_CHECKS_WAITING_MAX);
  /** A sign-in's check in turn; 503 at once when too many wait. */
  const check = (password: string, stored: string): Promise<boolean> =>
    hashes.admit(() => verifyPassword(password, stored)).catch((error: unknown) => {
      throw error instanceof PasswordChecksBusy ? new AppError('unavailable', 503, { headers: { 'retry-after': '5' } }) : error;
    });

  return {
    /** 'added', or 'exists' when the e-mail already has an operator (the password is left alone). */
    async add(email: string, password: string): Promise<'added' | 'exists'> {
      const hash = await hashes.run(() => hashPassword(password, cost));
      const id = await deps.operators.insert(email, hash, new Date(deps.clock()).toISOString());
      return id === undefined ? 'exists' : 'added';
    },
    remove: deps.operators.remove,
    list: deps.operators.list,
    /**
     * The operator these credentials name, or why not, for the log only (the answer is the same
     * 401 either way): `unknown_email` (whatever was typed: maybe a password, so never logged)
     * or `wrong_password` (for an operator's e-mail, which may be logged).
     */
    async authenticate(rawEmail: string, password: string): Promise<SignInResult> {
      const email = normalizeOperatorEmail(rawEmail);
      const operator = email === undefined ? undefined : await deps.operators.findByEmail(email);
      const tooLong = password.length > OPERATOR_PASSWORD_MAX * 4;
      if (operator === undefined || tooLong) {
        decoy ??= hashPassword('not a password anybody has', cost);
        const stored = await decoy;
        await check(tooLong ? '' : password, stored);
        return operator === undefined ? { refused: 'unknown_email' } : { refused: 'wrong_password', email: operator.email };
      }
      const matches = await check(password, operator.passwordHash);
      return matches ? { operator: { id: operator.id, email: operator.email } } : { refused: 'wrong_password', email: operator.email };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
