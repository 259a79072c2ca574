export * from "./fields";
export * from "./lifecycle";
export * from "./organizations";
export * from "./phone";
export * from "./schemas";
