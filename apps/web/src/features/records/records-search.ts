import { searchParams, uuidParam } from "../../lib/search-params";

/** The patient a staff record page shows lives in the URL, so a link or a reload keeps it. */
export const patientSearchFields = { patient: uuidParam };
export const parsePatientSearch = searchParams(patientSearchFields);
