import { startTestPostgres } from "./postgres";

/** Shared by every package's vitest config: `globalSetup: ["@fizio/db/testing/global-setup"]`. */
export default async function setup() {
  return startTestPostgres();
}
