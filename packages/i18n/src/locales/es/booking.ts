/** The public booking pages (/external-calendar) in Spanish. */
export const booking = {
  title: "Reservar una cita",
};
