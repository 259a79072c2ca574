export * from "./catalogue";
export * from "./notifications";
