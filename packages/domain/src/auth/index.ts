export * from "./idle-logoff";
export * from "./password";
export * from "./schemas";
export * from "./sign-in-lock";
export * from "./two-factor";
