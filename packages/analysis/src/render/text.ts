import { createCanvas } from "@napi-rs/canvas";
import { FONT_FAMILY } from "./plan";

/** Text rasterised once into alpha, at even size so it lines up with the 4:2:0 chroma planes. */
export interface TextMask {
  width: number;
  height: number;
  alpha: Uint8Array;
  chromaAlpha: Uint8Array;
}

const cache = new Map<string, TextMask>();

/** Labels repeat (angles are whole degrees), so each distinct string is drawn by the canvas only once. */
export function textMask(text: string, px: number, bold = true): TextMask {
  const key = `${bold}|${px}|${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const font = `${bold ? "bold " : ""}${px}px ${FONT_FAMILY}`;
  const probe = createCanvas(1, 1).getContext("2d");
  probe.font = font;
  const metrics = probe.measureText(text);
  const width = even(metrics.width + 2);
  const height = even(metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.font = font;
  ctx.fillStyle = "#fff";
  ctx.fillText(text, 1, metrics.fontBoundingBoxAscent);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]!;
  const mask = { width, height, alpha, chromaAlpha: halfAlpha(alpha, width, height) };
  cache.set(key, mask);
  return mask;
}

function even(n: number): number {
  return Math.ceil(n / 2) * 2;
}

function halfAlpha(alpha: Uint8Array, width: number, height: number): Uint8Array {
  const cw = width >> 1;
  const out = new Uint8Array(cw * (height >> 1));
  for (let row = 0; row < height >> 1; row++) {
    for (let col = 0; col < cw; col++) {
      const i = row * 2 * width + col * 2;
      out[row * cw + col] = (alpha[i]! + alpha[i + 1]! + alpha[i + width]! + alpha[i + width + 1]!) >> 2;
    }
  }
  return out;
}
