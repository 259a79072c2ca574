import { createCanvas } from "@napi-rs/canvas";
import { FONT_FAMILY, type RenderSummary } from "./plan";
import { type YuvaImage, yuvaFromRgba } from "./yuv";

/** The closing card, drawn once with the canvas and blended over the last seconds of the video. */
export function summaryCard(summary: RenderSummary, frameWidth: number, frameHeight: number): YuvaImage {
  const unit = Math.min(frameWidth, frameHeight) / 720;
  const width = Math.min(frameWidth - 40 * unit, 560 * unit);
  const rowHeight = 40 * unit;
  const pad = 28 * unit;
  const height = Math.min(frameHeight - 40 * unit, pad * 2 + 52 * unit + summary.rows.length * rowHeight);
  const canvas = createCanvas(Math.ceil(width / 2) * 2, Math.ceil(height / 2) * 2);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "rgba(15, 23, 42, 0.88)";
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, 16 * unit);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.font = `bold ${Math.round(30 * unit)}px ${FONT_FAMILY}`;
  ctx.textBaseline = "top";
  ctx.fillText(summary.title, pad, pad);
  ctx.font = `${Math.round(22 * unit)}px ${FONT_FAMILY}`;
  summary.rows.forEach((row, i) => {
    const y = pad + 52 * unit + i * rowHeight;
    ctx.textAlign = "left";
    ctx.fillStyle = "#cbd5e1";
    ctx.fillText(row.label, pad, y);
    ctx.textAlign = "right";
    ctx.fillStyle = row.ok === undefined ? "#ffffff" : row.ok ? "#4ade80" : "#f87171";
    ctx.fillText(row.value, width - pad, y);
  });
  return yuvaFromRgba(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}
