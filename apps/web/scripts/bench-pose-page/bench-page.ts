import { type BrowserBackend, createPoseEstimator } from "../../src/features/activity-session/pose/movenet";

/** Runs MoveNet Lightning on the fake camera's frames back to back for a while, on one backend. */
async function runBench(backend: BrowserBackend, seconds: number) {
  const video = document.getElementById("camera") as HTMLVideoElement;
  video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 } });
  await video.play();
  const loadStart = performance.now();
  const pose = await createPoseEstimator({ variant: "lightning", backends: [backend] });
  const loadSeconds = (performance.now() - loadStart) / 1000;
  let frames = 0;
  let confident = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const keypoints = await pose.estimate(video, video.videoWidth, video.videoHeight);
    frames++;
    if (keypoints.filter((k) => k.score >= 0.3).length >= 12) confident++;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { backend: pose.backend, loadSeconds, frames, seconds: elapsed, fps: frames / elapsed, confident };
}

Object.assign(window, { runBench });
