/** What a caller gives the image uploader (index.tsx) and its lazily loaded Uppy modal. */
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
