export * from "./analysis";
export * from "./email";
export * from "./errors";
export * from "./types";
export * from "./ui";
