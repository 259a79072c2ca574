import type { Keypoint } from "../types";
import { textMask } from "./text";
import { drawDisc, drawMask, drawSegment, fillRect, type YuvColor, type YuvFrame, yuvColor } from "./yuv";

export const COLORS = {
  within: yuvColor(34, 197, 94),
  outside: yuvColor(239, 68, 68),
  neutral: yuvColor(56, 189, 248),
  shadow: yuvColor(15, 23, 42),
  text: yuvColor(255, 255, 255),
  withinLabel: yuvColor(21, 128, 61),
  outsideLabel: yuvColor(185, 28, 28),
};

export type ToleranceState = "within" | "outside" | "unknown";

export interface Bone {
  from: Keypoint;
  to: Keypoint;
  state: ToleranceState;
}

const boneColor = (state: ToleranceState) =>
  state === "within" ? COLORS.within : state === "outside" ? COLORS.outside : COLORS.neutral;

/** Bones over a dark halo so they read on light and dark backgrounds alike; `unit` is output height / 720. */
export function drawBones(frame: YuvFrame, bones: readonly Bone[], unit: number): void {
  const halo = { radius: 5 * unit, color: COLORS.shadow, opacity: 0.5 };
  for (const b of bones)
    drawSegment(frame, b.from.x, b.from.y, b.to.x, b.to.y, 3 * unit, boneColor(b.state), halo);
  const ends = new Set(bones.flatMap((b) => [b.from, b.to]));
  for (const p of ends) drawDisc(frame, p.x, p.y, 4.5 * unit, COLORS.text);
}

/** A text tag on a coloured box, placed right of (x, y) or left of it near the frame's right edge. */
export function drawTag(
  frame: YuvFrame,
  text: string,
  x: number,
  y: number,
  box: YuvColor,
  unit: number,
): void {
  const mask = textMask(text, Math.round(22 * unit));
  const pad = Math.round(6 * unit);
  const w = mask.width + 2 * pad;
  const h = mask.height + pad;
  const gap = 14 * unit;
  let left = x + gap + w <= frame.width ? x + gap : x - gap - w;
  left = Math.max(0, Math.min(frame.width - w, left));
  const top = Math.max(0, Math.min(frame.height - h, y - h / 2));
  fillRect(frame, left, top, w, h, box, 0.85);
  drawMask(frame, mask, left + pad, top + pad / 2, COLORS.text);
}

/** The repetition counter in the top-left corner. */
export function drawCounter(frame: YuvFrame, text: string, unit: number): void {
  const mask = textMask(text, Math.round(30 * unit));
  const pad = Math.round(10 * unit);
  const at = Math.round(20 * unit);
  fillRect(frame, at, at, mask.width + 2 * pad, mask.height + pad, COLORS.shadow, 0.7);
  drawMask(frame, mask, at + pad, at + pad / 2, COLORS.text);
}
