import { AppError, VIEW_URL_TTL_SECONDS } from "@fizio/domain";
import type { Storage } from "@fizio/storage";

/** A short-lived GET URL for an object the caller was allowed to see; null when there is no object. */
export async function viewUrl(
  storage: Storage,
  key: string | null | undefined,
  options?: { downloadAs?: string },
): Promise<string | null> {
  if (!key) return null;
  try {
    return await storage.getSignedGetUrl(key, VIEW_URL_TTL_SECONDS, options);
  } catch (error) {
    throw new AppError("FIZ304", {}, { cause: error });
  }
}

/** When the URLs handed out now stop working, so the client knows when to ask again. */
export const viewUrlsExpireAt = () => new Date(Date.now() + VIEW_URL_TTL_SECONDS * 1000);
