import { useEffect, useState } from "react";

export interface ScreenShape {
  landscape: boolean;
  /** A phone or tablet, which the patient can turn; a desktop's shape is what it is. */
  canRotate: boolean;
}

const read = (): ScreenShape => ({
  landscape: window.innerWidth >= window.innerHeight,
  canRotate: window.matchMedia("(pointer: coarse)").matches && "orientation" in screen,
});

export function useScreenShape(): ScreenShape {
  const [shape, setShape] = useState(read);
  useEffect(() => {
    const update = () => setShape(read());
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return shape;
}
