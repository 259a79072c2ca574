import { AppError } from "../errors";

/**
 * Uploads one person may have open at a time (recordings and support videos together): each open multipart
 * upload holds storage until it is completed, given up or expires, so one account cannot pile them up.
 */
export const MAX_OPEN_UPLOADS_PER_USER = 5;

/** An upload not completed within this time is abandoned: its parts are dropped and the row marked expired. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** FIZ265 when starting another upload would exceed the cap; `open` is the person's uploads still open. */
export function assertUploadSlotFree(open: number): void {
  if (open >= MAX_OPEN_UPLOADS_PER_USER) throw new AppError("FIZ265", { max: MAX_OPEN_UPLOADS_PER_USER });
}

/** Uploads started before this instant have expired. */
export function uploadExpiryCutoff(now: Date): Date {
  return new Date(now.getTime() - UPLOAD_EXPIRY_HOURS * 3600_000);
}
