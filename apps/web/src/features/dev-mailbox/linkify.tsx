import type { ReactNode } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** Plain text with its web addresses turned into links (the email HTML itself is never injected). */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    parts.push(text.slice(from, match.index));
    parts.push(
      <a key={match.index} href={match[0]} className="break-all text-primary underline">
        {match[0]}
      </a>,
    );
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
