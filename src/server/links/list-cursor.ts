// The cursor of a key's listing: opaque to clients (base64url), it names the last link of the
// page given, so the next page starts below it whatever was created or deleted meanwhile.
import { AppError } from '../errors.js';

export function encodeListCursor(lastId: number): string {
  return Buffer.from(`id:${lastId}`, 'utf8').toString('base64url');
}

/** The id below which the next page starts; 400 invalid_cursor for anything not made by encodeListCursor. */
export function decodeListCursor(cursor: string): number {
  const decoded = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^id:([1-9]\d{0,15})$/.exec(decoded);
  const id = match === null ? NaN : Number(match[1]);
  if (!Number.isSafeInteger(id)) throw new AppError('invalid_cursor', 400);
  return id;
}
