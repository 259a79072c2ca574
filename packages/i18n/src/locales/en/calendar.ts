/** Calendar screens (staff and patient) in en. */
export const calendar = {
  title: "Calendar",
};
