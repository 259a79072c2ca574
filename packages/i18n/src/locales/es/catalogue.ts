import { analysisFailures } from "./analysis";
import { errors } from "./errors";
import { ui } from "./ui";

/** All Spanish texts the web app shows: its own chunk, downloaded only when the language is Spanish. */
export const catalogue = { ui, errors, analysis: analysisFailures };
