import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { UPLOAD_TEXTS } from '@contract/uploads';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { errorText } from '@web/lib/api';
import { useTheme } from '@web/lib/theme';
import { toast } from '@web/lib/toast';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ImageUploaderProps } from './types';
import { createSignRequest, registerImageWithRetries, uploadErrorMessage } from './upload-api';

/** Registers an uploaded image and answers its objectPath, or toasts why it could not and answers null. */
async function registerOrReport(imageURL: string): Promise<string | null> {
  try {
    return (await registerImageWithRetries(imageURL)).objectPath;
  } catch (error) {
    console.error('Image registration failed', error);
    toast({
      variant: 'destructive',
      title: 'Error',
      description: errorText(error, UPLOAD_TEXTS.imageProcessFailed),
    });
    return null;
  }
}

/**
 * The heavy part of the uploader (Uppy core, Dashboard and the S3 plugin), loaded only when an
 * uploader first opens. Files go straight to the address the server signs, then each one is
 * registered (PUT /api/post-images) and its objectPath handed to `onUploaded`. Uppy's Dashboard
 * is always inline: in our own titled dialog, or in the caller's (`inline`). The Uppy instance
 * outlives the Dashboard, so an upload left running when it closes finishes in the background.
 */
export default function UppyModal(props: ImageUploaderProps) {
  const ids = useId();
  const propsRef = useRef(props);
  propsRef.current = props;
  const { theme } = useTheme();
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const { maxNumberOfFiles, maxFileSize } = props;

  useEffect(() => {
    const uploadUrls = new Map<string, string>();
    const instance = new Uppy({
      autoProceed: false,
      allowMultipleUploadBatches: false,
      restrictions: { allowedFileTypes: ['image/*'], maxFileSize, maxNumberOfFiles },
    }).use(AwsS3, {
      shouldUseMultipart: false,
      allowedMetaFields: false,
      generateObjectKey: (file) => file.id,
      signRequest: createSignRequest(uploadUrls),
    });

    // Busy from the start of an upload until the last uploaded image is registered and handed on.
    let uploading = false;
    let registering = 0;
    const reportBusy = () => propsRef.current.onBusyChange?.(uploading || registering > 0);
    instance.on('upload', () => {
      uploading = true;
      reportBusy();
    });
    instance.on('complete', (result) => {
      uploading = false;
      reportBusy();
      // As Uppy's closeAfterFinish: every file went up, so the uploader closes, ready for the next.
      if ((result.failed ?? []).length === 0 && (result.successful ?? []).length > 0) {
        try {
          instance.clear();
        } catch {
          // Nothing to clear.
        }
        propsRef.current.onOpenChange(false);
      }
    });
    instance.on('cancel-all', () => {
      uploading = false;
      reportBusy();
    });

    instance.on('upload-success', async (file, response) => {
      const imageURL = (file && uploadUrls.get(file.id)) || response.uploadURL;
      if (!imageURL) return;
      registering++;
      reportBusy();
      try {
        const objectPath = await registerOrReport(imageURL);
        if (objectPath) await propsRef.current.onUploaded(objectPath);
      } finally {
        registering--;
        reportBusy();
      }
    });

    instance.on('upload-error', (_file, error) => {
      toast({
        variant: 'destructive',
        title: propsRef.current.uploadErrorTitle ?? UPLOAD_TEXTS.uploadFailed,
        description: uploadErrorMessage(error),
      });
    });

    setUppy(instance);
    return () => {
      instance.destroy();
      if (uploading || registering > 0) propsRef.current.onBusyChange?.(false);
    };
  }, [maxFileSize, maxNumberOfFiles]);

  if (!uppy) return null;

  const close = () => {
    try {
      uppy.clear();
    } catch {
      // An upload still runs: keep its files; it finishes in the background.
    }
    propsRef.current.onOpenChange(false);
  };

  const title =
    props.title ?? (maxNumberOfFiles === 1 ? UPLOAD_TEXTS.uploadImage : UPLOAD_TEXTS.uploadImages);
  const board = (
    <Dashboard
      uppy={uppy}
      id={`${ids}-dashboard`}
      proudlyDisplayPoweredByUppy={false}
      theme={theme}
      note={props.note}
      width="100%"
      height={props.inline ? 300 : 340}
    />
  );

  if (props.inline) {
    if (!props.open) return null;
    return (
      <section aria-label={title} className="relative grid gap-2 rounded-md border border-border p-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">{title}</h3>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11"
            aria-label={UPLOAD_TEXTS.closeUploader}
            onClick={close}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        {board}
      </section>
    );
  }

  return (
    <Dialog open={props.open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{props.note ?? title}</DialogDescription>
        </DialogHeader>
        {board}
      </DialogContent>
    </Dialog>
  );
}
