export * from "./notifications";
