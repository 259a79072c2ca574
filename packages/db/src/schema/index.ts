export * from "./analysis";
export * from "./assessments";
export * from "./audit";
export * from "./organizations";
export * from "./outbox";
export * from "./profile";
export * from "./treatment";
export * from "./users";
