/** Calendar screens (staff and patient) in es. */
export const calendar = {
  title: "Calendario",
};
