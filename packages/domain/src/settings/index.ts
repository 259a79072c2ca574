export * from "./organization-settings";
