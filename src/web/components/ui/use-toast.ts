// The toast queue. Any code calls toast(); <Toaster /> renders what is here with Radix Toast.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description: string | undefined;
  open: boolean;
}

// Spec: one toast at a time; a new one replaces whatever is showing.
const TOAST_LIMIT = 1;
// Closed toasts stay mounted briefly so Radix can play the exit animation.
const REMOVE_DELAY_MS = 400;

let toasts: readonly ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastEntry[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function toast({ title, description, variant = 'default' }: ToastInput): void {
  emit([{ id: nextId++, title, description, variant, open: true }, ...toasts].slice(0, TOAST_LIMIT));
}

export function dismissToast(id: number): void {
  emit(toasts.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => emit(toasts.filter((entry) => entry.id !== id)), REMOVE_DELAY_MS);
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  emit([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
