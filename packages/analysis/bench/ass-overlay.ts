import { writeFile } from "node:fs/promises";
import { runFfmpeg, stderrTail } from "../src/ffmpeg/run";
import {
  FONT_FAMILY,
  type FramePlan,
  PALETTE,
  type Point,
  type RenderSummary,
  summaryStart,
  type ToleranceState,
} from "../src/render/plan";

/**
 * The measured alternative to the YUV painter: the same overlay plan as an Advanced SubStation Alpha script,
 * burnt in by ffmpeg's libass filter while it transcodes, so no frame leaves ffmpeg. One event per frame for the
 * moving skeleton and tags, one per count for the rep counter, one set for the summary card. Drawings use \p3
 * (quarter-pixel coordinates) so the interpolated skeleton moves smoothly.
 */
export async function burnAss(
  ffmpeg: string,
  paths: { source: string; script: string; output: string },
  inputFilters: string,
  encoderArgs: string[],
  script: string,
): Promise<void> {
  // The script path goes into a filtergraph; the benchmark's temporary directory needs no escaping there.
  await writeFile(paths.script, script);
  const args = [
    "-i",
    paths.source,
    "-an",
    "-vf",
    `${inputFilters},ass=${paths.script}`,
    ...encoderArgs,
    "-y",
    paths.output,
  ];
  const { code, stderr } = await runFfmpeg(ffmpeg, args);
  if (code !== 0) throw new Error(`libass render failed: ${stderrTail(stderr)}`);
}

export function assScript(
  plans: Iterable<{ index: number; plan: FramePlan }>,
  options: { width: number; height: number; fps: number; durationSeconds: number; summary: RenderSummary },
  reps: readonly { endT: number }[],
): string {
  const { width, height, fps } = options;
  const unit = Math.min(width, height) / 720;
  const px = (n: number) => Math.round(n * unit);
  const out = [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    "ScaledBorderAndShadow: yes",
    "WrapStyle: 2",
    "YCbCr Matrix: None",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    // Tags and the counter are text on an opaque box (BorderStyle 3: the outline colour fills the box).
    style("Tag", px(22), true, PALETTE.shadow, 0x26, 3, px(6)),
    style("Counter", px(30), true, PALETTE.shadow, 0x4d, 3, px(10)),
    style("Plain", px(22), false, PALETTE.shadow, 0, 1, 0),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  const event = (layer: number, from: number, to: number, styleName: string, text: string) =>
    out.push(`Dialogue: ${layer},${time(from)},${time(to)},${styleName},,0,0,0,,${text}`);

  const boneRadius = 3 * unit;
  // The halo is a wider filled shape underneath: libass fills cheaply but strokes (\\bord) slowly.
  const fill = (rgb: readonly number[], alpha = 0) =>
    `\\1c${color(rgb)}\\1a&H${alpha.toString(16).padStart(2, "0")}&\\bord0\\shad0`;
  const shadow = fill(PALETTE.shadow, 0x80);
  for (const { index, plan } of plans) {
    const [from, to] = [index / fps, (index + 1) / fps];
    if (plan.bones.length > 0) {
      const halo = [
        ...plan.bones.map((b) => bar(b.from, b.to, boneRadius + 2 * unit)),
        ...plan.dots.map((p) => disc(p, 6.5 * unit)),
      ].join(" ");
      event(0, from, to, "Plain", `{\\an7\\pos(0,0)${shadow}\\p3}${halo}{\\p0}`);
    }
    for (const state of ["unknown", "within", "outside"] as const) {
      const bones = plan.bones.filter((b) => b.state === state);
      if (bones.length === 0) continue;
      const shape = bones.map((b) => bar(b.from, b.to, boneRadius)).join(" ");
      event(1, from, to, "Plain", `{\\an7\\pos(0,0)${fill(boneColor(state))}\\p3}${shape}{\\p0}`);
    }
    if (plan.dots.length > 0) {
      const dots = plan.dots.map((p) => disc(p, 4.5 * unit)).join(" ");
      event(2, from, to, "Plain", `{\\an7\\pos(0,0)${fill(PALETTE.text)}\\p3}${dots}{\\p0}`);
    }
    for (const tag of plan.tags) {
      const gap = 14 * unit;
      // Text width is not known here; a generous estimate decides whether the tag fits right of the joint.
      const fitsRight = tag.x + gap + tag.text.length * 0.7 * px(22) <= width;
      const [align, x] = fitsRight ? [4, tag.x + gap] : [6, tag.x - gap];
      const box = `\\3c${color(tagColor(tag.state))}`;
      event(
        3,
        from,
        to,
        "Tag",
        `{\\an${align}\\pos(${x.toFixed(1)},${tag.y.toFixed(1)})${box}}${assText(tag.text)}`,
      );
    }
  }

  const end = options.durationSeconds + 1;
  const counterAt = `{\\an7\\pos(${px(20) + px(10)},${px(20) + px(10)})}`;
  const marks = [0, ...reps.map((r) => r.endT).sort((a, b) => a - b), end];
  for (let done = 0; done < marks.length - 1; done++) {
    event(4, marks[done]!, marks[done + 1]!, "Counter", `${counterAt}Reps ${done}/${reps.length}`);
  }
  summaryCard(options, unit, (layer, text) =>
    event(layer, summaryStart(options.durationSeconds), end, "Plain", text),
  );
  return `${out.join("\n")}\n`;
}

function summaryCard(
  options: { width: number; height: number; summary: RenderSummary },
  unit: number,
  add: (layer: number, text: string) => void,
) {
  const { width, height, summary } = options;
  const pad = 28 * unit;
  const rowHeight = 40 * unit;
  const w = Math.min(width - 40 * unit, 560 * unit);
  const h = Math.min(height - 40 * unit, pad * 2 + 52 * unit + summary.rows.length * rowHeight);
  const [x0, y0] = [(width - w) / 2, (height - h) / 2];
  const at = (x: number, y: number) => `\\pos(${x.toFixed(1)},${y.toFixed(1)})`;
  const box = `m 0 0 l ${Math.round(w)} 0 ${Math.round(w)} ${Math.round(h)} 0 ${Math.round(h)}`;
  add(5, `{\\an7${at(x0, y0)}\\1c${color(PALETTE.shadow)}\\1a&H1E&\\bord0\\shad0\\p1}${box}{\\p0}`);
  add(6, `{\\an7${at(x0 + pad, y0 + pad)}\\bord0\\b1\\fs${Math.round(30 * unit)}}${assText(summary.title)}`);
  summary.rows.forEach((row, i) => {
    const y = y0 + pad + 52 * unit + i * rowHeight;
    add(6, `{\\an7${at(x0 + pad, y)}\\bord0\\1c${color([203, 213, 225])}}${assText(row.label)}`);
    const value = row.ok === undefined ? PALETTE.text : row.ok ? [74, 222, 128] : [248, 113, 113];
    add(6, `{\\an9${at(x0 + w - pad, y)}\\bord0\\1c${color(value)}}${assText(row.value)}`);
  });
}

function style(
  name: string,
  size: number,
  bold: boolean,
  box: readonly number[],
  boxAlpha: number,
  borderStyle: number,
  outline: number,
): string {
  const white = color(PALETTE.text, 0);
  return `Style: ${name},${FONT_FAMILY.split(",")[0]},${size},${white},${white},${color(box, boxAlpha)},${color(box, boxAlpha)},${bold ? -1 : 0},0,0,0,100,100,0,0,${borderStyle},${outline},0,7,0,0,0,1`;
}

const boneColor = (state: ToleranceState) =>
  state === "within" ? PALETTE.within : state === "outside" ? PALETTE.outside : PALETTE.neutral;
const tagColor = (state: ToleranceState) =>
  state === "within" ? PALETTE.withinLabel : state === "outside" ? PALETTE.outsideLabel : PALETTE.shadow;

/** ASS colours are &HAABBGGRR: blue first, alpha 0 for opaque. */
function color([r, g, b]: readonly number[], alpha?: number): string {
  const hex = (n: number) => Math.round(n).toString(16).toUpperCase().padStart(2, "0");
  return `&H${alpha === undefined ? "" : hex(alpha)}${hex(b!)}${hex(g!)}${hex(r!)}&`;
}

/** h:mm:ss.cc, rounded down, so each frame's event starts at or before the frame and ends after it. */
function time(seconds: number): string {
  const cs = Math.floor(seconds * 100 + 1e-6);
  const [h, m, s, c] = [
    Math.floor(cs / 360000),
    Math.floor(cs / 6000) % 60,
    Math.floor(cs / 100) % 60,
    cs % 100,
  ];
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(c).padStart(2, "0")}`;
}

/** Drawing coordinates at \p3 scale (4 units per pixel). */
const q = (n: number) => Math.round(n * 4);

/**
 * A bone as a rectangle of the given half-width; the joint dots round its ends. Wound the same way as `disc`:
 * libass fills by the non-zero rule, so shapes wound oppositely would cut holes where they overlap.
 */
function bar(a: Point, b: Point, r: number): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const [nx, ny] = [((b.y - a.y) / len) * r, ((a.x - b.x) / len) * r];
  return `m ${q(a.x + nx)} ${q(a.y + ny)} l ${q(b.x + nx)} ${q(b.y + ny)} ${q(b.x - nx)} ${q(b.y - ny)} ${q(a.x - nx)} ${q(a.y - ny)}`;
}

/** A circle from four cubic Béziers. */
function disc(c: Point, r: number): string {
  const k = 0.5523 * r;
  const [x, y] = [c.x, c.y];
  return [
    `m ${q(x + r)} ${q(y)}`,
    `b ${q(x + r)} ${q(y + k)} ${q(x + k)} ${q(y + r)} ${q(x)} ${q(y + r)}`,
    `${q(x - k)} ${q(y + r)} ${q(x - r)} ${q(y + k)} ${q(x - r)} ${q(y)}`,
    `${q(x - r)} ${q(y - k)} ${q(x - k)} ${q(y - r)} ${q(x)} ${q(y - r)}`,
    `${q(x + k)} ${q(y - r)} ${q(x + r)} ${q(y - k)} ${q(x + r)} ${q(y)}`,
  ].join(" ");
}

/** Override blocks open with braces and escapes start with a backslash; neither may come from the text. */
function assText(text: string): string {
  return text.replace(/[{}]/g, "").replace(/\\/g, "/");
}
