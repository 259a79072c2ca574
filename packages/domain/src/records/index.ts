export * from "./case-notes";
export * from "./conditions";
export * from "./medical-history";
