export * from "./analysis";
export * from "./audit";
export * from "./organizations";
export * from "./outbox";
export * from "./profile";
export * from "./rate-limit";
export * from "./users";
