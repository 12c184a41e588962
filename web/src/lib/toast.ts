import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';
import { TOAST_DURATION_MS } from './constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  /** `destructive` for errors (SPEC §8). */
  variant?: ToastVariant;
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
};

/** The toast on screen, if any (SPEC §4: at most one). */
let current: string | number | null = null;

/**
 * Shows a toast (SPEC §4, §9): at most one at a time, so a new toast replaces the one on screen;
 * it stays 5 s (the Toaster's duration), unless swiped right or closed.
 */
export function toast({ title, description, variant = 'default' }: ToastInput) {
  sonner.dismiss();
  const forget = (t: { id: string | number }) => {
    if (current === t.id) current = null;
  };
  current = sonner(title, {
    description,
    duration: TOAST_DURATION_MS,
    className: VARIANT_CLASSES[variant],
    onDismiss: forget,
    onAutoClose: forget,
  });
  return current;
}

/** Closes the toast on screen; answers whether there was one. */
export function dismissToast(): boolean {
  if (current === null) return false;
  sonner.dismiss(current);
  current = null;
  return true;
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  sonner.dismiss();
  current = null;
}
