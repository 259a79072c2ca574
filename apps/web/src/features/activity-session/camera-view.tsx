import { type ReactNode, type RefObject, useEffect } from "react";

/** The camera's picture, mirrored like a mirror so moving left moves left on screen; overlays go on top. */
export function CameraView({
  stream,
  videoRef,
  label,
  children,
}: {
  stream: MediaStream;
  videoRef: RefObject<HTMLVideoElement | null>;
  label: string;
  children?: ReactNode;
}) {
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  }, [stream, videoRef]);
  return (
    <div className="relative size-full min-h-0 overflow-hidden rounded-md bg-black">
      <video
        ref={videoRef}
        aria-label={label}
        className="size-full -scale-x-100 object-contain"
        muted
        playsInline
        autoPlay
      />
      {children}
    </div>
  );
}
