import { MAX_UPLOAD_BYTES } from '@contract/uploads';
import { Spinner } from '@web/components/ui/spinner';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { ImageUploaderProps } from './types';

export type { ImageUploaderProps };

const UppyModal = lazy(() => import('./uppy-modal'));

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
