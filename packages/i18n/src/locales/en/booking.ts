/** The public booking pages (/external-calendar) in English. */
export const booking = {
  title: "Book an appointment",
};
