import {
  cloneElement,
  isValidElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  Suspense,
  useState,
} from 'react';
import type { ConfirmDialogProps } from './alert-dialog';

/** The dialog's code (Radix AlertDialog, focus trap, scroll lock) loads on first use. */
export const loadConfirmDialog = () => import('./alert-dialog');
const ConfirmDialogImpl = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

type TriggerProps = {
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/**
 * The same confirmation as `ConfirmDialog` (same props), without its code in the page's first
 * load: the trigger renders on its own, its first click mounts the dialog open (its code is
 * fetched when the pointer or focus reaches the trigger, so the click rarely waits). A controlled
 * dialog (`open` without a trigger) mounts the first time it opens.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, open, onOpenChange } = props;
  const controlled = open !== undefined;
  const [ownOpen, setOwnOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const isOpen = controlled ? open : ownOpen;
  // Once opened, the dialog stays mounted, so that it closes (and gives focus back) as Radix does.
  if (isOpen && !mounted) setMounted(true);
  const setOpen = (next: boolean) => {
    if (!controlled) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const plainTrigger =
    isValidElement<TriggerProps>(trigger) && trigger
      ? cloneElement(trigger as ReactElement<TriggerProps>, {
          onPointerEnter: () => void loadConfirmDialog(),
          onFocus: () => void loadConfirmDialog(),
          onClick: (event: MouseEvent) => {
            (trigger as ReactElement<TriggerProps>).props.onClick?.(event);
            if (event.defaultPrevented) return;
            setMounted(true);
            setOpen(true);
          },
        })
      : (trigger ?? null);

  if (!mounted) return plainTrigger;
  return (
    <Suspense fallback={plainTrigger}>
      <ConfirmDialogImpl {...props} open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}
