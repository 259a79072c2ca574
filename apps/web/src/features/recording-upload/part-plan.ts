import { expectedPartSize, uploadPlan } from "@fizio/domain";

export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
}

/** Byte range of part `partNumber` (1-based) of a file of `size` bytes, as the server's plan cuts it. */
export function partRange(size: number, partNumber: number): PartRange {
  const { partSize } = uploadPlan(size);
  const start = (partNumber - 1) * partSize;
  return { partNumber, start, end: start + expectedPartSize(size, partNumber) };
}

export interface ListedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface ResumePlan {
  /** Parts storage holds with the right size, with the ETag to complete with. */
  confirmed: Record<number, string>;
  /** Parts still to send, in order. */
  toSend: number[];
}

/**
 * What to send after a reload or a lost connection. Storage's list is the truth: a part is done when storage
 * holds it with the planned size (a PUT whose answer was lost still counts); an ETag kept on the device for a
 * part storage does not list is sent again. Without a list (storage could not be asked), the device's ETags
 * stand and the server checks them on completion.
 */
export function planResume(
  size: number,
  stored: Record<number, string>,
  listed: readonly ListedPart[] | null,
): ResumePlan {
  const { partCount } = uploadPlan(size);
  const confirmed: Record<number, string> = {};
  const toSend: number[] = [];
  const byNumber = new Map(listed?.map((p) => [p.partNumber, p]));
  for (let n = 1; n <= partCount; n++) {
    const part = byNumber.get(n);
    const etag = listed
      ? part && part.size === expectedPartSize(size, n)
        ? part.etag
        : undefined
      : stored[n];
    if (etag) confirmed[n] = etag;
    else toSend.push(n);
  }
  return { confirmed, toSend };
}

/** Bytes of the parts confirmed so far, for the progress bar. */
export function confirmedBytes(size: number, confirmed: Record<number, string>): number {
  return Object.keys(confirmed).reduce((sum, n) => sum + expectedPartSize(size, Number(n)), 0);
}

/** Groups part numbers into sign requests of at most `max`. */
export function batches<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += max) out.push(items.slice(i, i + max));
  return out;
}
