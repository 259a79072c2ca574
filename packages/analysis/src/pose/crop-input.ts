import type * as TF from "@tensorflow/tfjs-core";
import type { CropRegion } from "../crop-region";

/**
 * The model's square input cut from a picture ([1, height, width, 3]): the region resized to size × size,
 * black past the picture's edges. Bilinear sampling alone aliases when shrinking more than twofold (the whole
 * frame, a person close to the camera), so k × k blocks are averaged first, as an area scaler would, and the
 * region re-expressed on what remains. Takes the caller's tfjs, so the worker threads and the browser share it
 * without this module loading a second copy; call it inside tf.tidy.
 */
export function cropForModel(
  tf: typeof TF,
  picture: TF.Tensor4D,
  region: CropRegion,
  size: number,
): TF.Tensor4D {
  const [, height = 0, width = 0] = picture.shape;
  let { yMin, xMin, yMax, xMax } = region;
  let source = picture;
  const k = Math.floor(Math.max((yMax - yMin) * height, (xMax - xMin) * width) / size);
  if (k >= 2) {
    source = tf.avgPool(tf.cast(picture, "float32"), k, k, "valid");
    const sy = height / (Math.floor(height / k) * k);
    const sx = width / (Math.floor(width / k) * k);
    [yMin, yMax, xMin, xMax] = [yMin * sy, yMax * sy, xMin * sx, xMax * sx];
  }
  const box = tf.tensor2d([[yMin, xMin, yMax, xMax]]);
  return tf.cast(tf.image.cropAndResize(source, box, [0], [size, size], "bilinear", 0), "int32");
}
