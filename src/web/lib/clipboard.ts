import { useCallback, useEffect, useState } from 'react';

/** Copies with the Clipboard API, falling back to selecting `field` (if given) and execCommand. */
export async function copyText(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * Copying with a short-lived "copied" flag (the button shows a check for 2 s). `copy` resolves
 * to whether it worked; the caller says so (toast).
 */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string, field?: HTMLInputElement | HTMLTextAreaElement | null) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (text: string, field?: HTMLInputElement | HTMLTextAreaElement | null) => {
    const ok = await copyText(text, field);
    if (ok) setCopied(true);
    return ok;
  }, []);
  return { copied, copy };
}
