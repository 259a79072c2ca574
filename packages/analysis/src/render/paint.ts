import { type FramePlan, PALETTE, type RenderSummary, summaryStart, type ToleranceState } from "./plan";
import { summaryCard } from "./summary";
import { textMask } from "./text";
import {
  drawDisc,
  drawImage,
  drawMask,
  drawSegment,
  fillRect,
  type YuvColor,
  type YuvFrame,
  yuvColor,
} from "./yuv";

const yuv = (rgb: readonly number[]) => yuvColor(rgb[0]!, rgb[1]!, rgb[2]!);
const BONE: Record<ToleranceState, YuvColor> = {
  within: yuv(PALETTE.within),
  outside: yuv(PALETTE.outside),
  unknown: yuv(PALETTE.neutral),
};
const TAG: Record<ToleranceState, YuvColor> = {
  within: yuv(PALETTE.withinLabel),
  outside: yuv(PALETTE.outsideLabel),
  unknown: yuv(PALETTE.shadow),
};
const SHADOW = yuv(PALETTE.shadow);
const WHITE = yuv(PALETTE.text);

/**
 * Draws planned frames straight into decoded YUV 4:2:0 frames: bones over a dark halo, white joint dots, angle
 * tags on boxes coloured by tolerance, the rep counter, and the summary card (drawn once with the canvas) over
 * the closing seconds.
 */
export function yuvPainter(options: {
  width: number;
  height: number;
  durationSeconds: number;
  summary: RenderSummary;
  totalReps: number;
}) {
  const { width, height } = options;
  const unit = Math.min(width, height) / 720;
  const card = summaryCard(options.summary, width, height);
  const cardFrom = summaryStart(options.durationSeconds);
  const halo = { radius: 5 * unit, color: SHADOW, opacity: 0.5 };

  return (frame: YuvFrame, plan: FramePlan, t: number) => {
    for (const b of plan.bones)
      drawSegment(frame, b.from.x, b.from.y, b.to.x, b.to.y, 3 * unit, BONE[b.state], halo);
    for (const p of plan.dots) drawDisc(frame, p.x, p.y, 4.5 * unit, WHITE);
    for (const tag of plan.tags) drawTag(frame, tag.text, tag.x, tag.y, TAG[tag.state], unit);
    drawCounter(frame, `Reps ${plan.repsDone}/${options.totalReps}`, unit);
    if (t >= cardFrom) drawImage(frame, card, (width - card.width) / 2, (height - card.height) / 2);
  };
}

/** A text tag on a coloured box, placed right of (x, y) or left of it near the frame's right edge. */
function drawTag(frame: YuvFrame, text: string, x: number, y: number, box: YuvColor, unit: number): void {
  const mask = textMask(text, Math.round(22 * unit));
  const pad = Math.round(6 * unit);
  const w = mask.width + 2 * pad;
  const h = mask.height + pad;
  const gap = 14 * unit;
  let left = x + gap + w <= frame.width ? x + gap : x - gap - w;
  left = Math.max(0, Math.min(frame.width - w, left));
  const top = Math.max(0, Math.min(frame.height - h, y - h / 2));
  fillRect(frame, left, top, w, h, box, 0.85);
  drawMask(frame, mask, left + pad, top + pad / 2, WHITE);
}

function drawCounter(frame: YuvFrame, text: string, unit: number): void {
  const mask = textMask(text, Math.round(30 * unit));
  const pad = Math.round(10 * unit);
  const at = Math.round(20 * unit);
  fillRect(frame, at, at, mask.width + 2 * pad, mask.height + pad, SHADOW, 0.7);
  drawMask(frame, mask, at + pad, at + pad / 2, WHITE);
}
