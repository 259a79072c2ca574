import { useEffect, useState } from "react";

/** Whether the element's content is wider than the element, kept up to date as either is resized. */
export function useScrollsSideways(element: HTMLElement | null) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}
