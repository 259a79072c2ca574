export * from "./answers";
export * from "./assignment";
export * from "./intake";
export * from "./questions";
export * from "./range-of-motion";
export * from "./schemas";
