import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it costs about 8 KB gzip of the home page's 120 KB
 * budget. Components offer variants instead of taking conflicting overrides, so callers only
 * add classes for properties the base does not set (or a side over an axis, e.g. pl-12 over
 * px-4, which Tailwind orders after it).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
