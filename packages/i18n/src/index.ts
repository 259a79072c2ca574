export * from "./analysis";
export * from "./calendar-email";
export * from "./email";
export * from "./errors";
export * from "./types";
export * from "./ui";
