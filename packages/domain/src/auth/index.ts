export * from "./password";
export * from "./schemas";
