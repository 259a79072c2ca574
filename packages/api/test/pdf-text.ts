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

/** The text of each page of a PDF, as a reader would copy it, page by page. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
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
  return pages;
}

/** The text of every page of a PDF, one line a page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n");
}

/**
 * What is wrong with a document's pages: each of the N pages carries its own footer (`footer(i, N)` in the
 * document's words, "Page 2 of 3") and no other page number, and text besides it, so no footer or stray line
 * sits on a page by itself. None means the pages are right.
 */
export function pageProblems(pages: string[], footer: (n: number, total: number) => string): string[] {
  // The footer's words with any numbers: "Page 111 of 222" gives /Page \d+ of \d+/g.
  const anyFooter = new RegExp(
    footer(111, 222)
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace("111", "\\d+")
      .replace("222", "\\d+"),
    "g",
  );
  return pages.flatMap((text, index) => {
    const own = footer(index + 1, pages.length);
    const footers = text.match(anyFooter) ?? [];
    const problems =
      footers.length === 1 && footers[0] === own
        ? []
        : [`page ${index + 1} has ${JSON.stringify(footers)}, not "${own}"`];
    if (!text.replace(anyFooter, "").trim()) problems.push(`page ${index + 1} has nothing but its footer`);
    return problems;
  });
}
