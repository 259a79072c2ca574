export * from "./enums";
export * from "./failures";
export * from "./result";
