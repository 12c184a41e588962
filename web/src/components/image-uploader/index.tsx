import { MAX_UPLOAD_BYTES } from '@contract/uploads';
import { Spinner } from '@web/components/ui/spinner';
import { lazy, Suspense, useState } from 'react';

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
}

/**
 * An image uploader (SPEC §4 Image flow): images only, size-limited, no auto-start, progress
 * shown, closes after the upload completes. Uppy itself is fetched on the first open.
 */
export function ImageUploader({ maxFileSize = MAX_UPLOAD_BYTES, ...props }: ImageUploaderProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense
      fallback={
        props.open ? (
          <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60">
            <Spinner className="text-primary" />
          </div>
        ) : null
      }
    >
      <UppyModal {...props} maxFileSize={maxFileSize} />
    </Suspense>
  );
}
