/**
 * WebGL drawn by the CPU (SwiftShader, llvmpipe, a "software" adapter) runs MoveNet an order of magnitude slower
 * than WebAssembly does (bench:pose-browser: 0.5 against 8 frames per second), so it counts as no WebGL.
 */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}

/** The WebGL renderer's name, or null where there is no WebGL at all. */
export function webglRenderer(): string | null {
  const gl =
    document.createElement("canvas").getContext("webgl2") ??
    document.createElement("canvas").getContext("webgl");
  if (!gl) return null;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return typeof name === "string" ? name : "";
}
