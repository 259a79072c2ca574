export * from "./patients-overview";
