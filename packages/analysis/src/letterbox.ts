/** Where a source frame sits inside the model's square input: scaled to fit, centred, padded with black. */
export interface Letterbox {
  size: number;
  /** Scaled picture size inside the square. */
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
  sourceWidth: number;
  sourceHeight: number;
}

export function letterbox(sourceWidth: number, sourceHeight: number, size: number): Letterbox {
  const scale = size / Math.max(sourceWidth, sourceHeight);
  // Even sizes keep ffmpeg's scaler and chroma subsampling exact.
  const width = Math.min(size, 2 * Math.round((sourceWidth * scale) / 2));
  const height = Math.min(size, 2 * Math.round((sourceHeight * scale) / 2));
  return {
    size,
    width,
    height,
    offsetX: Math.floor((size - width) / 2),
    offsetY: Math.floor((size - height) / 2),
    sourceWidth,
    sourceHeight,
  };
}

/** Maps a point given as fractions of the square input back to source pixels. */
export function toSourcePixels(box: Letterbox, fx: number, fy: number): { x: number; y: number } {
  return {
    x: ((fx * box.size - box.offsetX) * box.sourceWidth) / box.width,
    y: ((fy * box.size - box.offsetY) * box.sourceHeight) / box.height,
  };
}
