/** A planar YUV 4:2:0 (I420) frame as ffmpeg's rawvideo yuv420p delivers it: Y plane, then U, then V. */
export interface YuvFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface YuvColor {
  y: number;
  u: number;
  v: number;
}

/** BT.709 limited range, what players assume for untagged HD H.264. */
export function yuvColor(r: number, g: number, b: number): YuvColor {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const y = 0.2126 * rn + 0.7152 * gn + 0.0722 * bn;
  return {
    y: Math.round(16 + 219 * y),
    u: Math.round(128 + 224 * ((bn - y) / 1.8556)),
    v: Math.round(128 + 224 * ((rn - y) / 1.5748)),
  };
}

interface Plane {
  data: Uint8Array;
  offset: number;
  width: number;
  height: number;
  /** Plane pixels per luma pixel: 1 for Y, 0.5 for U and V. */
  scale: number;
}

function planes(frame: YuvFrame): [Plane, Plane, Plane] {
  const { width, height, data } = frame;
  const cw = width >> 1;
  const ch = height >> 1;
  return [
    { data, offset: 0, width, height, scale: 1 },
    { data, offset: width * height, width: cw, height: ch, scale: 0.5 },
    { data, offset: width * height + cw * ch, width: cw, height: ch, scale: 0.5 },
  ];
}

/** A darker, wider stroke drawn under a segment in the same pass, so bones stand out on any background. */
export interface Halo {
  radius: number;
  color: YuvColor;
  opacity: number;
}

/**
 * Draws an anti-aliased thick segment with round ends (a capsule) in luma coordinates, over an optional halo.
 * Each row visits only the pixels within reach of the segment's line, so a bone costs about its own area.
 */
export function drawSegment(
  frame: YuvFrame,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  radius: number,
  color: YuvColor,
  halo?: Halo,
): void {
  const [py, pu, pv] = planes(frame);
  coverSegment(py, x1, y1, x2, y2, radius, color.y, halo, halo?.color.y);
  coverSegment(pu, x1, y1, x2, y2, radius, color.u, halo, halo?.color.u);
  coverSegment(pv, x1, y1, x2, y2, radius, color.v, halo, halo?.color.v);
}

export function drawDisc(frame: YuvFrame, x: number, y: number, radius: number, color: YuvColor): void {
  drawSegment(frame, x, y, x, y, radius, color);
}

function coverSegment(
  p: Plane,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  radius: number,
  value: number,
  halo: Halo | undefined,
  haloValue = 0,
): void {
  const s = p.scale;
  const ax = x1 * s;
  const ay = y1 * s;
  const dx = (x2 - x1) * s;
  const dy = (y2 - y1) * s;
  const r = Math.max(radius * s, 0.5);
  const hr = halo ? Math.max(halo.radius * s, r) : r;
  const hOpacity = halo?.opacity ?? 0;
  const [in2, out2] = [Math.max(0, r - 0.5) ** 2, (r + 0.5) ** 2];
  const [hIn2, hOut2] = [Math.max(0, hr - 0.5) ** 2, (hr + 0.5) ** 2];
  const len = Math.hypot(dx, dy);
  const len2 = len * len;
  const reach = hr + 1;
  // Unit normal of the segment's line: every covered pixel lies within `reach` of that line.
  const nx = len > 0 ? -dy / len : 0;
  const ny = len > 0 ? dx / len : 1;
  const rowStart = Math.max(0, Math.floor(Math.min(ay, ay + dy) - reach));
  const rowEnd = Math.min(p.height - 1, Math.ceil(Math.max(ay, ay + dy) + reach));
  const data = p.data;
  for (let row = rowStart; row <= rowEnd; row++) {
    const cy = row + 0.5;
    const qy = cy - ay;
    // Bound the columns by the part of the segment within `reach` rows, then by the band around its line.
    let t0 = 0;
    let t1 = 1;
    if (dy !== 0) {
      const ta = (qy - reach) / dy;
      const tb = (qy + reach) / dy;
      t0 = Math.max(0, Math.min(ta, tb));
      t1 = Math.min(1, Math.max(ta, tb));
      if (t0 > t1) continue;
    } else if (Math.abs(qy) > reach) continue;
    let lo = ax + Math.min(t0 * dx, t1 * dx) - reach;
    let hi = ax + Math.max(t0 * dx, t1 * dx) + reach;
    if (Math.abs(nx) > 1e-6) {
      const ba = ax + (-reach - ny * qy) / nx;
      const bb = ax + (reach - ny * qy) / nx;
      lo = Math.max(lo, Math.min(ba, bb));
      hi = Math.min(hi, Math.max(ba, bb));
    }
    const colStart = Math.max(0, Math.floor(lo));
    const colEnd = Math.min(p.width - 1, Math.ceil(hi));
    const base = p.offset + row * p.width;
    // Along the row, the projection onto the segment (t) and the distance across it change linearly, so
    // both are stepped; only pixels beyond the ends measure the distance to an end point.
    const qx0 = colStart + 0.5 - ax;
    let t = len2 > 0 ? (qx0 * dx + qy * dy) / len2 : -1;
    const tStep = len2 > 0 ? dx / len2 : 0;
    let across = qx0 * nx + qy * ny;
    const ey = qy - dy;
    for (let col = colStart; col <= colEnd; col++, t += tStep, across += nx) {
      const qx = col + 0.5 - ax;
      const d2 = t < 0 ? qx * qx + qy * qy : t > 1 ? (qx - dx) * (qx - dx) + ey * ey : across * across;
      if (d2 >= hOut2) continue;
      const i = base + col;
      let v = data[i]!;
      if (hOpacity > 0) {
        const a = d2 <= hIn2 ? 1 : hr + 0.5 - Math.sqrt(d2);
        v += (haloValue - v) * a * hOpacity;
      }
      if (d2 < out2) {
        const a = d2 <= in2 ? 1 : r + 0.5 - Math.sqrt(d2);
        v += (value - v) * a;
      }
      data[i] = v + 0.5;
    }
  }
}

/** Blends a solid rectangle (luma coordinates, clipped to the frame). */
export function fillRect(
  frame: YuvFrame,
  x: number,
  y: number,
  w: number,
  h: number,
  color: YuvColor,
  opacity = 1,
): void {
  // 8-bit fixed point: integer blending keeps this loop free of float-to-byte conversions.
  const a = Math.round(opacity * 256);
  const values = [color.y, color.u, color.v];
  planes(frame).forEach((p, k) => {
    const add = values[k]! * a + 128;
    const keep = 256 - a;
    const [c0, c1] = [Math.max(0, Math.round(x * p.scale)), Math.min(p.width, Math.round((x + w) * p.scale))];
    const [r0, r1] = [
      Math.max(0, Math.round(y * p.scale)),
      Math.min(p.height, Math.round((y + h) * p.scale)),
    ];
    const data = p.data;
    for (let row = r0; row < r1; row++) {
      const base = p.offset + row * p.width;
      for (let i = base + c0; i < base + c1; i++) data[i] = (data[i]! * keep + add) >> 8;
    }
  });
}

/** An image with per-pixel alpha, stored as full-size Y and alpha plus half-size U, V and chroma alpha. */
export interface YuvaImage {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
  alpha: Uint8Array;
  chromaAlpha: Uint8Array;
}

/** Converts canvas RGBA (non-premultiplied) once, so every frame only blends. */
export function yuvaFromRgba(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): YuvaImage {
  const cw = width >> 1;
  const ch = height >> 1;
  const image: YuvaImage = {
    width: cw * 2,
    height: ch * 2,
    y: new Uint8Array(cw * 2 * ch * 2),
    u: new Uint8Array(cw * ch),
    v: new Uint8Array(cw * ch),
    alpha: new Uint8Array(cw * 2 * ch * 2),
    chromaAlpha: new Uint8Array(cw * ch),
  };
  for (let row = 0; row < ch * 2; row++) {
    for (let col = 0; col < cw * 2; col++) {
      const s = (row * width + col) * 4;
      const d = row * cw * 2 + col;
      image.y[d] = yuvColor(rgba[s]!, rgba[s + 1]!, rgba[s + 2]!).y;
      image.alpha[d] = rgba[s + 3]!;
    }
  }
  for (let row = 0; row < ch; row++) {
    for (let col = 0; col < cw; col++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const [ox, oy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const s = ((row * 2 + oy) * width + col * 2 + ox) * 4;
        const w = rgba[s + 3]!;
        r += rgba[s]! * w;
        g += rgba[s + 1]! * w;
        b += rgba[s + 2]! * w;
        a += w;
      }
      const c = a > 0 ? yuvColor(r / a, g / a, b / a) : { u: 128, v: 128 };
      image.u[row * cw + col] = c.u;
      image.v[row * cw + col] = c.v;
      image.chromaAlpha[row * cw + col] = a / 4;
    }
  }
  return image;
}

/** Blends an image with its top-left corner at (x, y) in luma pixels (x and y rounded down to even). */
export function drawImage(frame: YuvFrame, image: YuvaImage, x: number, y: number, opacity = 1): void {
  const [py, pu, pv] = planes(frame);
  const [x0, y0] = [Math.floor(x / 2) * 2, Math.floor(y / 2) * 2];
  blendPlane(py, image.y, image.alpha, image.width, image.height, x0, y0, opacity);
  blendPlane(pu, image.u, image.chromaAlpha, image.width >> 1, image.height >> 1, x0 >> 1, y0 >> 1, opacity);
  blendPlane(pv, image.v, image.chromaAlpha, image.width >> 1, image.height >> 1, x0 >> 1, y0 >> 1, opacity);
}

/** Blends an alpha mask in a single colour, e.g. text, with its top-left corner at (x, y). */
export function drawMask(
  frame: YuvFrame,
  mask: { width: number; height: number; alpha: Uint8Array; chromaAlpha: Uint8Array },
  x: number,
  y: number,
  color: YuvColor,
): void {
  const [py, pu, pv] = planes(frame);
  const [x0, y0] = [Math.floor(x / 2) * 2, Math.floor(y / 2) * 2];
  const [cw, ch] = [mask.width >> 1, mask.height >> 1];
  blendPlane(py, color.y, mask.alpha, mask.width, mask.height, x0, y0, 1);
  blendPlane(pu, color.u, mask.chromaAlpha, cw, ch, x0 >> 1, y0 >> 1, 1);
  blendPlane(pv, color.v, mask.chromaAlpha, cw, ch, x0 >> 1, y0 >> 1, 1);
}

function blendPlane(
  p: Plane,
  source: Uint8Array | number,
  alpha: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  opacity: number,
): void {
  // Alpha scaled to 0..256 so the blend is integer: (old × (256 − a) + new × a) / 256.
  const k = Math.round(opacity * 256);
  const data = p.data;
  const solid = typeof source === "number" ? source : -1;
  for (let row = Math.max(0, -y0); row < h && y0 + row < p.height; row++) {
    const dst = p.offset + (y0 + row) * p.width + x0;
    const src = row * w;
    for (let col = Math.max(0, -x0); col < w && x0 + col < p.width; col++) {
      const raw = alpha[src + col]!;
      if (raw === 0) continue;
      const a = ((raw + (raw >> 7)) * k) >> 8;
      const value = solid >= 0 ? solid : (source as Uint8Array)[src + col]!;
      data[dst + col] = (data[dst + col]! * (256 - a) + value * a + 128) >> 8;
    }
  }
}
