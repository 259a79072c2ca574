import type { Keypoint } from "@fizio/analysis/live";
import { MIN_SCORE } from "./prompts";

/** COCO limbs: pairs of keypoint indices. */
const BONES: [number, number][] = [
  [5, 6],
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 11],
  [6, 12],
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
];

/**
 * The live pose drawn over the (mirrored) preview, and the box to stand in. An SVG in the video's own pixel
 * space scales with it at any screen size.
 */
export function SkeletonOverlay({
  keypoints,
  width,
  height,
  boxMargin,
  boxLabel,
}: {
  keypoints: readonly Keypoint[] | null;
  width: number;
  height: number;
  boxMargin: { x: number; y: number } | null;
  boxLabel: string;
}) {
  const seen = (k: Keypoint | undefined): k is Keypoint => !!k && k.score >= MIN_SCORE;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      className="pointer-events-none absolute inset-0 size-full -scale-x-100"
      aria-hidden
    >
      {boxMargin ? (
        <rect
          x={boxMargin.x * width}
          y={boxMargin.y * height}
          width={(1 - 2 * boxMargin.x) * width}
          height={(1 - 2 * boxMargin.y) * height}
          fill="none"
          stroke="white"
          strokeOpacity={0.8}
          strokeDasharray="16 10"
          strokeWidth={4}
        >
          <title>{boxLabel}</title>
        </rect>
      ) : null}
      {keypoints
        ? BONES.map(([a, b]) => {
            const p = keypoints[a];
            const q = keypoints[b];
            return seen(p) && seen(q) ? (
              <line
                key={`${a}-${b}`}
                x1={p.x}
                y1={p.y}
                x2={q.x}
                y2={q.y}
                stroke="#38bdf8"
                strokeWidth={6}
                strokeLinecap="round"
              />
            ) : null;
          })
        : null}
      {keypoints?.map((k, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: keypoints are a fixed list of 17 in model order
        seen(k) ? <circle key={i} cx={k.x} cy={k.y} r={8} fill="#f97316" /> : null,
      )}
    </svg>
  );
}
