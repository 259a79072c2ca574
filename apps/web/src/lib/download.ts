/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180), quotes doubled. */
function field(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document with a header row; CRLF line ends, as spreadsheets expect. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n");
}

/** Saves `text` as a file the browser downloads; a UTF-8 BOM lets spreadsheets read accents right. */
export function downloadText(text: string, fileName: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([type.startsWith("text/csv") ? `\uFEFF${text}` : text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
