import { createRequire } from "node:module";
import { dirname } from "node:path";

// pdfjs-dist expects Node 22's Promise.withResolvers; the product targets Node 20.
if (!("withResolvers" in Promise))
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The text of every page of a PDF, as a reader would copy it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // A copy: pdfjs refuses a Node Buffer, and takes ownership of what it is given.
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
  });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages.join("\n");
}
