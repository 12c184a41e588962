import { TOAST_DURATION_MS, TOAST_LIMIT } from '@web/lib/constants';
import { dismissToast, provideSonner } from '@web/lib/toast';
import { useEffect } from 'react';
import { Toaster as Sonner, toast as sonnerToast } from 'sonner';

/**
 * The toast region (SPEC §9), on sonner: one toast shown at a time for 5 s, swiped right to
 * dismiss, F8 focuses the region (a polite live region). Escape closes the toast on screen before
 * any other layer, as the newest layer.
 */
export function Toaster() {
  // The app loads this region beside its first paint; toasts go through its sonner once it is
  // listening (sonner's own effect, a child's, has subscribed by now).
  useEffect(() => {
    provideSonner(sonnerToast);
    return () => provideSonner(null);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissToast()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // The capture phase on window runs before the dialogs' own Escape handling on document.
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
  return (
    <Sonner
      position="bottom-right"
      hotkey={['F8']}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      swipeDirections={['right']}
      closeButton
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: 'Close',
        classNames: {
          toast:
            'group pointer-events-auto relative flex w-full items-center gap-4 overflow-hidden rounded-lg border p-4 pr-8 shadow-xl md:w-[390px]',
          content: 'grid gap-1',
          title: 'text-sm font-semibold',
          description: 'text-sm opacity-90',
          closeButton:
            'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:focus-visible:ring-destructive-foreground',
        },
      }}
    />
  );
}
