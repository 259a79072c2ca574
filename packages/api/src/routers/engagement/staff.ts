import { roleProcedure } from "../../trpc";

/** Engagement programs are run by the care team: providers and admins. */
export const staffProcedure = roleProcedure("ROLE_PROVIDER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN");
