import { roleProcedure } from "../../trpc";

/**
 * The patient's activity-session procedures. Their writes touch the session's own rows (and its plan's or
 * assessment's), never the patient's user or what the gates read with them: the session keeps the user the write
 * read as stored (keepsSessionUser).
 */
export const sessionProcedure = roleProcedure("ROLE_PATIENT").meta({ keepsSessionUser: true });
