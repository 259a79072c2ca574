import { startParameterImageInput } from "@fizio/domain";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { checkUpload, putSigned } from "../../lib/signed-upload";
import { trpc } from "../../lib/trpc";

/**
 * An image activity's picture: checked (type, size: FIZ056/FIZ057) before anything is sent, PUT to storage
 * on a URL signed for its exact size, then completed; the upload's id goes into the form, the URL shows the
 * preview.
 */
export function useImageUpload(onUploaded: (uploadId: string) => void) {
  const start = trpc.parameters.sets.startImage.useMutation();
  const complete = trpc.parameters.sets.completeImage.useMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const checked = checkUpload(startParameterImageInput, {
      name: file.name,
      contentType: file.type,
      size: file.size,
    });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    try {
      const target = await start.mutateAsync(checked.data);
      const etag = await putSigned(target.url, file);
      const done = await complete.mutateAsync({ id: target.id, etag });
      setPreviewUrl(done.url);
      onUploaded(done.id);
    } catch (failure) {
      setError(apiErrorMessage(failure, currentLocale()));
    } finally {
      setBusy(false);
    }
  };
  return { upload, busy, error, previewUrl };
}
