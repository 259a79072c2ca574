export * from "./gate";
export * from "./redirect";
