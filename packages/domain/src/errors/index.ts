export * from "./app-error";
export * from "./catalogue";
export * from "./zod-issue";
