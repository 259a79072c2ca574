export * from "./fields";
export * from "./first-admin";
export * from "./lifecycle";
export * from "./names";
export * from "./organizations";
export * from "./phone";
export * from "./schemas";
