import { serverProcesses, superviseServerProcesses } from "./processes";

// Production entry. The supervisor loads only what supervising needs: when it loaded the whole server too, it
// held about 50 MB of heap it never used, and V8's idle-time collections of that heap took both cores for
// 100-200 ms at a time, stalling the server processes' requests (bench:api's slow seconds).
if (!superviseServerProcesses(serverProcesses(process.env), (message) => console.warn(message))) {
  const { serve } = await import("./serve");
  await serve();
}
