export * from "./analysis";
export * from "./calendar-email";
export * from "./document-texts";
export * from "./email";
export * from "./errors";
export * from "./notification-email";
export * from "./types";
export * from "./ui";
