export * from "./activity";
export * from "./enums";
export * from "./fields";
export * from "./generation";
export * from "./plan-rules";
export * from "./plan-status";
export * from "./schedule";
export * from "./schemas";
