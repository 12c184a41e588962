import { MAX_UPLOAD_BYTES } from '@contract/uploads';
import { Spinner } from '@web/components/ui/spinner';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

const UppyModal = lazy(() => import('./uppy-modal'));

export interface ImageUploaderProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the registered objectPath of each uploaded image. */
  onUploaded: (objectPath: string) => void | Promise<void>;
  /**
   * true from the moment an upload starts until every uploaded image is registered and handed to
   * onUploaded (the uploader may already be closed by then), false after.
   */
  onBusyChange?: (busy: boolean) => void;
  /** 1 for avatar and banner, 5 for posts (SPEC §5). */
  maxNumberOfFiles: number;
  maxFileSize?: number;
  /** Toast title when an upload fails ('Upload failed' unless told). */
  uploadErrorTitle?: string;
  note?: string;
  /**
   * Shown in place, inside the caller's own dialog or form (the Create Post dialog), rather than
   * in a dialog of its own: no second modal on top of the first.
   */
  inline?: boolean;
  /** The dialog's title, or the inline panel's accessible name. */
  title?: string;
}

/**
 * An image uploader (SPEC §4 Image flow): images only, size-limited, no auto-start, progress
 * shown, closes after the upload completes. Uppy's Dashboard, in a titled dialog of ours (Radix:
 * focus kept inside, Escape closes, the page's scroll given back) or `inline` in the caller's
 * own. Uppy itself is fetched on the first open.
 */
export function ImageUploader({ maxFileSize = MAX_UPLOAD_BYTES, ...props }: ImageUploaderProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense
      fallback={
        !props.open ? null : props.inline ? (
          <div className="flex h-40 items-center justify-center rounded-md border border-dashed border-border">
            <Spinner className="text-primary" />
          </div>
        ) : (
          <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60">
            <Spinner className="text-primary" />
          </div>
        )
      }
    >
      <UppyModal {...props} maxFileSize={maxFileSize} />
    </Suspense>
  );
}

const COARSE = '(pointer: coarse)';
const subscribeCoarse = (listener: () => void) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(COARSE);
  query.addEventListener?.('change', listener);
  return () => query.removeEventListener?.('change', listener);
};
const isCoarse = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(COARSE).matches;

/** Whether the main pointer is a finger (a touch screen): its upload button says 'Choose photos'. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribeCoarse, isCoarse, () => false);
}
