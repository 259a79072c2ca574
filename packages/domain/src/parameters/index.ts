export * from "./code-forms";
export * from "./codes";
export * from "./csv";
export * from "./images";
export * from "./kinds";
export * from "./values";
