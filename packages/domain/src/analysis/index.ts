export * from "./coaching";
export * from "./enums";
export * from "./failures";
export * from "./joint-definitions";
export * from "./live-reps";
export * from "./result";
