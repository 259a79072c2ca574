export * from "./dashboard";
export * from "./joint-progress";
export * from "./joints";
export * from "./schemas";
export * from "./video-sync";
