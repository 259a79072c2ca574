export { type ServerConfig, serverConfigFromEnv } from "./config";
export { type CreateServerOptions, createServer, type FizioServer } from "./server";
