export * from "./activity-session";
export * from "./enums";
export * from "./schemas";
export * from "./upload";
export * from "./video-group";
