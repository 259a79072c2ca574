import path from "node:path";
import { resolveFfmpeg } from "../ffmpeg/binary";
import { runFfmpeg } from "../ffmpeg/run";

/**
 * How a joint clip is re-framed: the figure (a 720 px square around it) scaled to `height` of the frame,
 * placed at (x, y) as fractions of the room left around it, on a landscape or portrait frame, at a frame rate
 * and in a container a browser records. Ground truth is the clip's own, since only framing changes.
 */
export interface Framing {
  name: string;
  height: number;
  x: number;
  y: number;
  portrait?: boolean;
  /** Re-timed to 30 fps; left out, the clip keeps its source's 24 fps (figure-clips FPS). */
  fps?: 24 | 30;
  webm?: "vp8" | "vp9";
}

export const FRAMINGS: Framing[] = [
  { name: "landscape, 100 %, centred", height: 1, x: 0.5, y: 0 },
  { name: "landscape, 60 %, left", height: 0.6, x: 0.1, y: 0.5 },
  { name: "landscape, 35 %, lower right", height: 0.35, x: 0.9, y: 0.9 },
  { name: "portrait, 56 %, centred", height: 0.5625, x: 0.5, y: 0.4, portrait: true },
  { name: "portrait, 35 %, top left", height: 0.35, x: 0.2, y: 0.1, portrait: true },
  { name: "landscape, 60 %, 30 fps", height: 0.6, x: 0.5, y: 0.5, fps: 30 },
  { name: "landscape, 60 %, VP8 WebM", height: 0.6, x: 0.7, y: 0.3, webm: "vp8" },
  { name: "portrait, 45 %, VP9 WebM", height: 0.45, x: 0.6, y: 0.5, portrait: true, webm: "vp9" },
];

/** Writes the clip re-framed into dir, named after the framing. */
export async function frameClip(clip: { path: string }, framing: Framing, dir: string): Promise<string> {
  const [width, height] = framing.portrait ? [720, 1280] : [1280, 720];
  const side = 2 * Math.round((framing.height * height) / 2);
  const x = Math.round((width - side) * framing.x);
  const y = Math.round((height - side) * framing.y);
  const file = path.join(
    dir,
    `${framing.name.replace(/[^a-z0-9]+/gi, "-")}.${framing.webm ? "webm" : "mp4"}`,
  );
  const codec = framing.webm
    ? [
        "-c:v",
        framing.webm === "vp9" ? "libvpx-vp9" : "libvpx",
        "-b:v",
        "2M",
        "-deadline",
        "realtime",
      ].concat(["-cpu-used", "8"])
    : ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
  const { code, stderr } = await runFfmpeg((await resolveFfmpeg()).path, [
    ...["-i", clip.path],
    ...["-vf", `crop=720:720:280:0,scale=${side}:${side},pad=${width}:${height}:${x}:${y}:black`],
    ...(framing.fps ? ["-r", String(framing.fps)] : []),
    ...codec,
    ...["-an", "-y", file],
  ]);
  if (code !== 0) throw new Error(`ffmpeg could not frame ${framing.name}: ${stderr}`);
  return file;
}
