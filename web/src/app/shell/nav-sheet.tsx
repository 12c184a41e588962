import { useUser } from '@web/lib/auth';
import { Bookmark, Settings, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { Logo } from './logo';
import { NavGroups, NavLink } from './nav-list';

/** How far (px) a swipe to the left goes before it closes the sheet. */
export const SWIPE_CLOSE_PX = 60;

/** A 44 px tap target for each entry (issue 20). */
const TAP = 'min-h-11 py-2.5';

/**
 * The sidebar as a sheet from the left, below md (issue 20): the header's menu button opens it.
 * A Radix dialog: focus stays inside, Escape or the overlay closes it, and so does a swipe to the
 * left (pointer events; the sheet follows the finger). It holds every entry of the sidebar
 * (Admin Dashboard for admins), Settings, and Bookmarks for a signed-in player; choosing one
 * closes it.
 */
export function NavSheet({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back (to the menu button: the dialog has no Radix trigger of its own). */
  onClosed?: () => void;
}) {
  const { user } = useUser();
  const close = () => onOpenChange(false);
  const swipe = useSwipeToClose(close);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in-fade md:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed?.();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] touch-pan-y flex-col border-r border-border bg-card text-card-foreground shadow-2xl outline-none md:hidden"
          style={swipe.offset < 0 ? { transform: `translateX(${swipe.offset}px)` } : undefined}
          {...swipe.handlers}
        >
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
            <Logo />
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="-mr-2 flex size-11 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Menu" className="flex-1 space-y-6 overflow-y-auto px-3 py-5">
            <NavGroups onNavigate={close} itemClassName={TAP} />
            <ul className="space-y-1 border-t border-border pt-4">
              {user ? (
                <li>
                  <NavLink
                    entry={{ path: '/bookmarks', label: 'Bookmarks', icon: Bookmark }}
                    onNavigate={close}
                    className={TAP}
                  />
                </li>
              ) : null}
              <li>
                <NavLink
                  entry={{ path: '/settings', label: 'Settings', icon: Settings }}
                  onNavigate={close}
                  className={TAP}
                />
              </li>
            </ul>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * A horizontal drag to the left on the sheet: it follows the pointer, and past SWIPE_CLOSE_PX
 * on release it closes. A mostly vertical move is the list scrolling and is left alone.
 */
function useSwipeToClose(close: () => void) {
  const start = useRef<{ id: number; x: number; y: number; horizontal: boolean | null } | null>(null);
  const [offset, setOffset] = useState(0);
  /** A drag just ended: the click that follows it is not a tap on an entry. */
  const dragged = useRef(false);
  const end = () => {
    start.current = null;
    setOffset(0);
  };
  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      dragged.current = false;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY, horizontal: null };
    },
    onPointerMove: (event: PointerEvent) => {
      const s = start.current;
      if (!s || s.id !== event.pointerId) return;
      const dx = event.clientX - s.x;
      const dy = event.clientY - s.y;
      if (s.horizontal === null && Math.abs(dx) + Math.abs(dy) > 8)
        s.horizontal = Math.abs(dx) > Math.abs(dy);
      if (s.horizontal) setOffset(Math.min(0, dx));
    },
    onPointerUp: (event: PointerEvent) => {
      const s = start.current;
      if (!s || s.id !== event.pointerId) return;
      const dx = event.clientX - s.x;
      const swiped = s.horizontal === true && dx <= -SWIPE_CLOSE_PX;
      dragged.current = s.horizontal === true;
      end();
      if (swiped) close();
    },
    onPointerCancel: end,
    onClickCapture: (event: MouseEvent) => {
      if (!dragged.current) return;
      dragged.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
  return { offset, handlers };
}
