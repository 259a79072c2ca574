import type { ApiOutputs } from "../../lib/trpc";

export type PatientDashboard = ApiOutputs["dashboard"]["patient"];
export type DashboardSessionDetail = NonNullable<PatientDashboard["currentSession"]>;
