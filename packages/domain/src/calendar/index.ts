export * from "./availability";
export * from "./constants";
export * from "./enums";
export * from "./event-status";
export * from "./patient-booking";
export * from "./schemas";
export * from "./slots";
export * from "./time";
