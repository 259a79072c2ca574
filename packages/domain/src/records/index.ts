export * from "./audit-actions";
export * from "./audit-trail";
export * from "./case-notes";
export * from "./documents";
export * from "./health-plans";
export * from "./medical-history";
export * from "./sessions";
