export * from "./case-notes";
export * from "./conditions";
export * from "./documents";
export * from "./medical-history";
