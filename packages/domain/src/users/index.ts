export * from "./fields";
export * from "./lifecycle";
export * from "./phone";
export * from "./schemas";
