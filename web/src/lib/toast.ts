import type { ReactNode } from 'react';
import type { toast as sonnerToast } from 'sonner';
import { TOAST_DURATION_MS } from './constants';

type Sonner = typeof sonnerToast;

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
/** Whether a toast was asked for since the last resetToasts (tests). */
let shown = false;

// sonner is not part of the first load: it comes with the toast region (components/ui/toaster,
// loaded beside the first page), which hands it over once mounted. A toast asked for before then
// waits for it, rather than being published while nothing shows it.
let sonner: Sonner | null = null;
let listening = false;
let waiting: ((impl: Sonner) => void)[] = [];

/** The mounted toast region gives its sonner; `null` when it unmounts (toasts wait again). */
export function provideSonner(impl: Sonner | null): void {
  listening = impl !== null;
  if (!impl) return;
  sonner = impl;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(impl);
}

function withSonner(run: (impl: Sonner) => void): void {
  if (sonner && listening) run(sonner);
  else waiting.push(run);
}

/**
 * Shows a toast (SPEC §4, §9): at most one at a time, so a new toast replaces the one on screen;
 * it stays 5 s (the Toaster's duration), unless swiped right or closed.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  shown = true;
  withSonner((impl) => {
    impl.dismiss();
    const forget = (t: { id: string | number }) => {
      if (current === t.id) current = null;
    };
    current = impl(title, {
      description,
      duration: TOAST_DURATION_MS,
      className: VARIANT_CLASSES[variant],
      onDismiss: forget,
      onAutoClose: forget,
    });
  });
}

/** Closes the toast on screen; answers whether there was one. */
export function dismissToast(): boolean {
  if (current === null) return false;
  sonner?.dismiss(current);
  current = null;
  return true;
}

/** Test helper: forget every toast; answers whether any was asked for since the last reset. */
export function resetToasts(): boolean {
  sonner?.dismiss();
  waiting = [];
  current = null;
  const any = shown;
  shown = false;
  return any;
}
