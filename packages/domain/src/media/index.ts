export * from "./activity-session";
export * from "./camera-placement";
export * from "./enums";
export * from "./open-uploads";
export * from "./schemas";
export * from "./upload";
export * from "./video-group";
