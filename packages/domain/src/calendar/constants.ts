/** Scheduling constants (spec §5 Calendar and §9); the spec names the rules, the values are decided here. */
export const EVENT_MIN_DURATION_MINUTES = 15;
export const EVENT_MAX_DURATION_MINUTES = 12 * 60;
/** A list search spans at least a day and at most about a quarter. */
export const EVENT_SEARCH_MIN_DAYS = 1;
export const EVENT_SEARCH_MAX_DAYS = 93;
/** External availability: whole half hours, at least one hour a slot. */
export const AVAILABILITY_STEP_MINUTES = 30;
export const AVAILABILITY_MIN_SLOT_MINUTES = 60;
/** A public booking is one half-hour appointment, from an hour from now up to 60 days ahead. */
export const EXTERNAL_APPOINTMENT_MINUTES = 30;
export const EXTERNAL_BOOKING_LEAD_MINUTES = 60;
export const EXTERNAL_BOOKING_HORIZON_DAYS = 60;
/** A patient may cancel or reschedule their own visit until a day before it, unless the organisation says otherwise. */
export const PATIENT_CHANGE_NOTICE_MINUTES = 24 * 60;
/** Reminders go out a day before an appointment. */
export const EVENT_REMINDER_LEAD_MINUTES = 24 * 60;
export const EXTERNAL_NAME_MAX_LENGTH = 120;
export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_NOTES_MAX_LENGTH = 2000;
