export * from "./analysis";
export * from "./audit";
export * from "./organizations";
export * from "./outbox";
export * from "./profile";
export * from "./users";
