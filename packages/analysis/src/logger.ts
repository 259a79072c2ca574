/** The part of a pino-style logger the analysis library writes to. */
export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {} };
