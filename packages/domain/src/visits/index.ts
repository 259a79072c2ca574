export * from "./guests";
export * from "./rules";
export * from "./schemas";
