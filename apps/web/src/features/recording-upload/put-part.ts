/** A part PUT that storage did not accept; status 0 when the network failed or the request was aborted. */
export class PartPutError extends Error {
  constructor(readonly status: number) {
    super(`part upload failed (${status})`);
    this.name = "PartPutError";
  }
}

export type PutPart = (
  url: string,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<string>;

/** PUTs one part to its presigned URL and answers storage's ETag; XHR because fetch reports no upload progress. */
export const putPart: PutPart = (url, body, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = (result: () => void) => {
      signal.removeEventListener("abort", abort);
      result();
    };
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader("ETag");
      done(() =>
        xhr.status >= 200 && xhr.status < 300 && etag ? resolve(etag) : reject(new PartPutError(xhr.status)),
      );
    };
    xhr.onerror = () => done(() => reject(new PartPutError(0)));
    xhr.onabort = () => done(() => reject(new PartPutError(0)));
    if (signal.aborted) return reject(new PartPutError(0));
    signal.addEventListener("abort", abort);
    xhr.send(body);
  });
