export * from "./patients-overview";
export * from "./report-rules";
