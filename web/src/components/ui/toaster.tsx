import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@contract/constants';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/**
 * The toast region (SPEC §9): 5 s display, swipe right past 50 px to dismiss, F8 focuses it.
 * The viewport list is a persistent polite live region, so a new toast is read out from there;
 * Radix's own hidden copy of the text is switched off (`data-radix-toast-announce-exclude`) so
 * that each toast's text is in the page once.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1" data-radix-toast-announce-exclude="">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} aria-live="polite" aria-atomic="false" />
    </ToastProvider>
  );
}
