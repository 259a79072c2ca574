export * from "./fields";
export * from "./lifecycle";
export * from "./names";
export * from "./organizations";
export * from "./phone";
export * from "./schemas";
