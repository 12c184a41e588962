import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { UPLOAD_TEXTS } from '@contract/uploads';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import DashboardModal from '@uppy/react/dashboard-modal';
import { errorText } from '@web/lib/api';
import { useTheme } from '@web/lib/theme';
import { toast } from '@web/lib/toast';
import { useEffect, useRef, useState } from 'react';
import type { ImageUploaderProps } from './index';
import { createSignRequest, registerImageWithRetries, uploadErrorMessage } from './upload-api';

/**
 * The heavy part of the uploader (Uppy core, Dashboard and the S3 plugin), loaded only when an
 * uploader first opens. Files go straight to the address the server signs, then each one is
 * registered (PUT /api/post-images) and its objectPath handed to `onUploaded`.
 */
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

export default function UppyModal(props: ImageUploaderProps) {
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
    instance.on('complete', () => {
      uploading = false;
      reportBusy();
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

  return (
    <DashboardModal
      uppy={uppy}
      open={props.open}
      onRequestClose={close}
      closeAfterFinish
      closeModalOnClickOutside
      proudlyDisplayPoweredByUppy={false}
      theme={theme}
      note={props.note}
    />
  );
}
