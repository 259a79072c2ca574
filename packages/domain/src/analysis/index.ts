export * from "./enums";
export * from "./result";
