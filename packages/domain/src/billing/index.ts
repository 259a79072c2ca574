export * from "./entries";
export * from "./fee-adjustments";
export * from "./money";
export * from "./prices";
export * from "./review-time";
export * from "./rtm";
export * from "./schemas";
export * from "./transactions";
