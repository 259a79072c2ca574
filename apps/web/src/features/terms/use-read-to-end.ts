import { type RefObject, useEffect, useState } from "react";

/**
 * True once the sentinel at the end of a scrolling box has been seen. If the whole text fits without
 * scrolling, the sentinel is visible at once and this is true straight away.
 */
export function useReadToEnd(root: RefObject<HTMLElement | null>, sentinel: RefObject<HTMLElement | null>) {
  const [read, setRead] = useState(false);
  useEffect(() => {
    const box = root.current;
    const end = sentinel.current;
    if (read || !box || !end) return;
    if (box.scrollHeight <= box.clientHeight) {
      setRead(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setRead(true);
      },
      { root: box },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [root, sentinel, read]);
  return read;
}
