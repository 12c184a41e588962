import { CHECKIN_TEXTS } from '@contract/checkin';
import { useEffect, useRef } from 'react';

/** The camera's view, reading QR codes with @zxing/browser (loaded only when Scan is pressed). */
export function Scanner({
  onCode,
  onError,
}: {
  onCode: (code: string) => void;
  onError: (message: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const seen = useRef<{ code: string; at: number } | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('@zxing/browser')
      .then(async ({ BrowserQRCodeReader }) => {
        if (cancelled || !video.current) return;
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
          if (!result) return;
          const code = result.getText();
          const now = Date.now();
          // The same ticket held in front of the camera counts once every few seconds.
          if (seen.current && seen.current.code === code && now - seen.current.at < 4000) return;
          seen.current = { code, at: now };
          onCode(code);
        });
        stop = () => controls.stop();
        if (cancelled) stop();
      })
      .catch(() => onError(CHECKIN_TEXTS.cameraFailed));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [onCode, onError]);
  return (
    <video
      ref={video}
      className="aspect-square w-full max-w-sm rounded-md bg-black object-cover"
      muted
      playsInline
    />
  );
}
