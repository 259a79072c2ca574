/** 2D points in image pixel space: x grows to the right, y grows downwards. */
export interface Vec2 {
  x: number;
  y: number;
}

const DEG_PER_RAD = 180 / Math.PI;

export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });

export const midpoint = (a: Vec2, b: Vec2): Vec2 => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export const meanVector = (vs: readonly Vec2[]): Vec2 => ({
  x: vs.reduce((s, v) => s + v.x, 0) / vs.length,
  y: vs.reduce((s, v) => s + v.y, 0) / vs.length,
});

/** Unsigned angle between two vectors in degrees, 0..180; null for a zero-length vector (no direction). */
export function angleBetween(a: Vec2, b: Vec2): number | null {
  const na = Math.hypot(a.x, a.y);
  const nb = Math.hypot(b.x, b.y);
  if (na === 0 || nb === 0) return null;
  const cos = (a.x * b.x + a.y * b.y) / (na * nb);
  return Math.acos(Math.min(1, Math.max(-1, cos))) * DEG_PER_RAD;
}

/** Rotates p about pivot by deg; with y pointing down, positive angles turn a downward vector towards -x. */
export function rotate(p: Vec2, pivot: Vec2, deg: number): Vec2 {
  const r = deg / DEG_PER_RAD;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const d = sub(p, pivot);
  return { x: pivot.x + d.x * c - d.y * s, y: pivot.y + d.x * s + d.y * c };
}

export const UP: Vec2 = { x: 0, y: -1 };
export const DOWN: Vec2 = { x: 0, y: 1 };
