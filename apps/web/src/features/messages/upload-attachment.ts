import { startAttachmentInput } from "@fizio/domain";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { checkUpload, putSigned } from "../../lib/signed-upload";
import { trpc } from "../../lib/trpc";

export interface Attachment {
  id: string;
  name: string;
}

interface Pending {
  key: string;
  name: string;
}

/**
 * Attachments of a message being written: each file is checked (type, size: FIZ056/FIZ057) before anything
 * is sent, then PUT to storage on a URL signed for its exact size, then completed.
 */
export function useAttachments(initial: Attachment[] = []) {
  const start = trpc.messages.startAttachment.useMutation();
  const complete = trpc.messages.completeAttachment.useMutation();
  const [ready, setReady] = useState<Attachment[]>(initial);
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    const checked = checkUpload(startAttachmentInput, {
      name: file.name,
      contentType: file.type,
      size: file.size,
    });
    if (!checked.ok) {
      setError(`${file.name}: ${checked.message}`);
      return;
    }
    const key = crypto.randomUUID();
    setPending((list) => [...list, { key, name: file.name }]);
    try {
      const { attachmentId, url } = await start.mutateAsync(checked.data);
      await complete.mutateAsync({ attachmentId, etag: await putSigned(url, file) });
      setReady((list) => [...list, { id: attachmentId, name: file.name }]);
    } catch (failure) {
      setError(`${file.name}: ${apiErrorMessage(failure, currentLocale())}`);
    } finally {
      setPending((list) => list.filter((p) => p.key !== key));
    }
  };

  return {
    ready,
    pending,
    error,
    busy: pending.length > 0,
    add: (files: FileList | null) => {
      setError(null);
      for (const file of Array.from(files ?? [])) void upload(file);
    },
    remove: (id: string) => setReady((list) => list.filter((a) => a.id !== id)),
    clear: () => {
      setReady([]);
      setError(null);
    },
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
