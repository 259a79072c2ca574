/**
 * The FIZ error catalogue (spec §8). Codes are stable API: the client localises them through
 * @fizio/i18n, so a code is never reused for a different meaning.
 * `status` is the HTTP-ish class the API maps the error to.
 */
export type ErrorStatus =
  | "BAD_REQUEST"
  | "NOT_FOUND"
  | "CONFLICT"
  | "FORBIDDEN"
  | "UNAUTHORIZED"
  | "INTERNAL"
  | "TOO_MANY_REQUESTS";

const v = "BAD_REQUEST" as const;
const nf = "NOT_FOUND" as const;
const c = "CONFLICT" as const;
const f = "FORBIDDEN" as const;
const i = "INTERNAL" as const;

export const FIZ_CATALOGUE = {
  // Validation (spec §5)
  FIZ001: { key: "required", status: v },
  FIZ002: { key: "invalidField", status: v },
  FIZ003: { key: "maxLength", status: v },
  FIZ004: { key: "minLength", status: v },
  FIZ005: { key: "digitsOnly", status: v },
  FIZ006: { key: "formatInvalid", status: v },
  FIZ007: { key: "mustBeEmpty", status: v },
  FIZ008: { key: "notUnique", status: v },
  FIZ009: { key: "outOfRange", status: v },
  FIZ010: { key: "belowMinimum", status: v },
  FIZ011: { key: "notANumber", status: v },
  FIZ012: { key: "dateRangeInvalid", status: v },
  FIZ013: { key: "endBeforeStart", status: v },
  FIZ014: { key: "dateInFuture", status: v },
  FIZ015: { key: "dateMustBeTodayOrLater", status: v },
  FIZ016: { key: "dateMustBePast", status: v },
  FIZ017: { key: "dateTimeFormat", status: v },
  FIZ018: { key: "mustBeWeekday", status: v },
  FIZ019: { key: "rangeTooLong", status: v },
  FIZ020: { key: "incorrectOrder", status: v },
  FIZ021: { key: "tooManyHealthPlans", status: v },
  FIZ022: { key: "primaryHealthPlanRequired", status: v },
  FIZ023: { key: "effectiveDateInvalid", status: v },
  FIZ024: { key: "providerRequiredForPatient", status: v },
  FIZ025: { key: "providerLocationRequired", status: v },
  FIZ026: { key: "defaultProviderAllOrganizations", status: v },
  FIZ027: { key: "phoneRequiredForText", status: v },
  FIZ028: { key: "feeAdjustmentCashOnly", status: v },
  FIZ029: { key: "feeAdjustmentPastStart", status: v },
  FIZ030: { key: "insurancePatientCannotPayCash", status: v },
  FIZ031: { key: "paymentMethodNotOwn", status: v },
  FIZ032: { key: "passwordRule", status: v },
  FIZ033: { key: "passwordMustDiffer", status: v },
  FIZ034: { key: "passwordConfirmationMismatch", status: v },
  FIZ035: { key: "emailConfirmationMismatch", status: v },
  FIZ036: { key: "emailInvalid", status: v },
  FIZ037: { key: "passwordRequired", status: v },
  FIZ038: { key: "searchTooShort", status: v },
  FIZ039: { key: "activityRequired", status: v },
  FIZ040: { key: "assessmentRequired", status: v },
  FIZ041: { key: "activityFieldMustBeEmpty", status: v },
  FIZ042: { key: "videoActivityNeedsVideo", status: v },
  FIZ043: { key: "questionRequired", status: v },
  FIZ044: { key: "answerRequired", status: v },
  FIZ045: { key: "assessmentTemplateNameTaken", status: v },
  FIZ046: { key: "intakeNameReserved", status: v },
  FIZ047: { key: "patientNameTaken", status: v },
  FIZ048: { key: "assessmentCannotBeRemoved", status: v },
  FIZ049: { key: "romSingleJoint", status: v },
  FIZ050: { key: "jointRequired", status: v },
  FIZ051: { key: "romVideoRequired", status: v },
  FIZ052: { key: "videoGroupTypeFixed", status: v },
  FIZ053: { key: "videoGroupNameTaken", status: v },
  FIZ054: { key: "supportVideoOrientation", status: v },
  FIZ055: { key: "referenceVideoNameTaken", status: v },
  FIZ056: { key: "fileExtension", status: v },
  FIZ057: { key: "fileTooLarge", status: v },
  FIZ058: { key: "fileEmpty", status: v },
  FIZ059: { key: "availabilityOverlap", status: v },
  FIZ060: { key: "halfHourBoundary", status: v },
  FIZ061: { key: "slotTooShort", status: v },
  FIZ062: { key: "timeZoneNotAllowed", status: v },
  FIZ063: { key: "eventTooShort", status: v },
  FIZ064: { key: "registrationFailed", status: v },
  FIZ065: { key: "eventSearchRange", status: v },
  FIZ066: { key: "billingRangeTooLong", status: v },
  FIZ067: { key: "nonServiceEventPatient", status: v },
  FIZ068: { key: "priceRange", status: v },
  FIZ069: { key: "priceDescriptionTaken", status: v },
  FIZ070: { key: "standardPriceFixed", status: v },
  FIZ071: { key: "transactionAmountRange", status: v },
  FIZ072: { key: "documentSelection", status: v },
  // Not found
  FIZ101: { key: "paymentCustomerNotFound", status: nf },
  FIZ102: { key: "userTypeNotFound", status: nf },
  FIZ103: { key: "organizationNotFound", status: nf },
  FIZ104: { key: "patientNotFound", status: nf },
  FIZ105: { key: "userNotFound", status: nf },
  FIZ106: { key: "fileNotFound", status: nf },
  FIZ107: { key: "referenceVideoNotFound", status: nf },
  FIZ108: { key: "eventInvitationNotFound", status: nf },
  FIZ109: { key: "patientNotInRoster", status: nf },
  FIZ110: { key: "videoRoomNotFound", status: nf },
  FIZ111: { key: "activityNotFound", status: nf },
  FIZ112: { key: "previewImageNotFound", status: nf },
  FIZ113: { key: "serviceNotAllowedForEvent", status: nf },
  FIZ114: { key: "annotatedVideoNotFound", status: nf },
  FIZ115: { key: "initialAssessmentNotFound", status: nf },
  FIZ116: { key: "templateNotFound", status: nf },
  FIZ117: { key: "notificationPreferencesNotFound", status: nf },
  FIZ118: { key: "miniatureImageNotFound", status: nf },
  FIZ119: { key: "serviceCodeNotFound", status: nf },
  FIZ120: { key: "recordingNotFound", status: nf },
  FIZ121: { key: "treatmentPlanNotFound", status: nf },
  FIZ122: { key: "assessmentNotFound", status: nf },
  FIZ123: { key: "eventNotFound", status: nf },
  FIZ124: { key: "videoGroupNotFound", status: nf },
  FIZ125: { key: "activitySessionNotFound", status: nf },
  // Business rules
  FIZ201: { key: "linkUsedOrExpired", status: c },
  FIZ202: { key: "emailTaken", status: c },
  FIZ203: { key: "enabledUserCannotBeDeleted", status: c },
  FIZ204: { key: "userDeleted", status: f },
  FIZ205: { key: "resourceForbidden", status: f },
  FIZ206: { key: "externalAvailabilityDisabled", status: c },
  FIZ207: { key: "valueExists", status: c },
  FIZ208: { key: "templateNameTaken", status: c },
  FIZ209: { key: "groupNameTaken", status: c },
  FIZ210: { key: "planNameTaken", status: c },
  FIZ211: { key: "organizationInUse", status: c },
  FIZ212: { key: "videoInUse", status: c },
  FIZ213: { key: "conflictingEvent", status: c },
  FIZ214: { key: "eventStatusTransition", status: c },
  FIZ215: { key: "completedEventLocked", status: c },
  FIZ216: { key: "pastAppointmentCannotBeCancelled", status: c },
  FIZ217: { key: "futureEventCannotComplete", status: c },
  FIZ218: { key: "eventStartTooEarly", status: c },
  FIZ219: { key: "planStatusTransition", status: c },
  FIZ220: { key: "completedPlanCannotBeDeleted", status: c },
  FIZ221: { key: "startedActivityLocked", status: c },
  FIZ222: { key: "engagementProgramCannotBeDeleted", status: c },
  FIZ223: { key: "completedEngagementProgramLocked", status: c },
  FIZ224: { key: "sentMessageLocked", status: c },
  FIZ225: { key: "startedAdjustmentEndDateOnly", status: c },
  FIZ226: { key: "endedAdjustmentLocked", status: c },
  FIZ227: { key: "dateAlreadyBooked", status: c },
  FIZ228: { key: "onlyFutureAdjustmentsDeletable", status: c },
  FIZ229: { key: "adjustmentsOverlap", status: c },
  FIZ230: { key: "videoGroupNotReady", status: c },
  FIZ231: { key: "defaultProviderCannotBeDisabled", status: c },
  FIZ232: { key: "patientHasCurrentPlan", status: c },
  FIZ233: { key: "providerHasPatients", status: c },
  FIZ234: { key: "patientHasServices", status: c },
  FIZ235: { key: "adminEditForbidden", status: f },
  FIZ236: { key: "onlyAdminsDeletable", status: c },
  FIZ237: { key: "patientToPatientMessage", status: f },
  FIZ238: { key: "messageToAdmin", status: f },
  FIZ239: { key: "adminMessageLocked", status: c },
  FIZ240: { key: "documentNotOwn", status: f },
  FIZ241: { key: "participantAlreadyJoined", status: c },
  FIZ242: { key: "eventCannotFinish", status: c },
  FIZ243: { key: "feedbackAlreadySet", status: c },
  FIZ244: { key: "sessionNotCompleted", status: c },
  FIZ245: { key: "noPrimaryHealthPlan", status: c },
  FIZ246: { key: "sessionNotReady", status: c },
  FIZ247: { key: "eventHasNoPatient", status: c },
  FIZ248: { key: "planAssessmentRemoval", status: c },
  FIZ249: { key: "videoOrientation", status: c },
  FIZ250: { key: "cannotAccessAssessment", status: f },
  FIZ251: { key: "cannotAccessMedicalHistory", status: f },
  FIZ252: { key: "cannotAccessCaseNote", status: f },
  FIZ253: { key: "cannotAccessMessage", status: f },
  FIZ254: { key: "cannotAccessPatientVideo", status: f },
  FIZ255: { key: "cannotAccessData", status: f },
  FIZ256: { key: "incorrectPassword", status: v },
  FIZ257: { key: "billingComputation", status: c },
  FIZ258: { key: "invalidCredentials", status: "UNAUTHORIZED" },
  FIZ259: { key: "accountDeactivated", status: f },
  FIZ260: { key: "tooManyAttempts", status: "TOO_MANY_REQUESTS" },
  FIZ261: { key: "analysisFailed", status: c },
  FIZ262: { key: "captchaFailed", status: v },
  FIZ263: { key: "signInLocked", status: "TOO_MANY_REQUESTS" },
  FIZ264: { key: "requestFromOtherSite", status: f },
  FIZ265: { key: "tooManyOpenUploads", status: "TOO_MANY_REQUESTS" },
  // The payment-method gate enforced by the server, as FIZ411/FIZ412 enforce the other gates.
  FIZ266: { key: "paymentMethodRequired", status: f },
  FIZ267: { key: "tooManyCallsInRequest", status: v },
  // A patient changing their own visit inside the organisation's notice (organisation settings).
  FIZ268: { key: "appointmentTooSoonToChange", status: c },
  FIZ269: { key: "textNotificationsNeedPhone", status: v },
  // 'Organization is in use' and 'Selected video is in use' for any other parameter value or code something holds.
  FIZ270: { key: "valueInUse", status: c },
  // Expunge refused while the record still names the user (plans, events, messages, templates they wrote).
  FIZ271: { key: "userInUse", status: c },
  // An unknown public booking link, or one whose provider is no longer active (disabled or deleted).
  FIZ272: { key: "bookingLinkInvalid", status: nf },
  // Video-visit guests: a participants' link opens the call for the event's patient only; guests use their own.
  FIZ273: { key: "visitLinkForPatientOnly", status: f },
  FIZ274: { key: "guestLinkInvalid", status: f },
  FIZ275: { key: "guestNotAdmitted", status: f },
  // A date or instant outside the years every input keeps to (DATE_YEARS), e.g. year 0, which Postgres refuses.
  FIZ276: { key: "dateOutOfRange", status: v },
  // A recording is reviewed once it arrived and its analysis ended (completed or failed), not while it runs.
  FIZ277: { key: "recordingNotReviewable", status: c },
  // A plan the patient has worked on is part of the record: it is ended, never deleted.
  FIZ278: { key: "startedPlanCannotBeDeleted", status: c },
  FIZ279: { key: "termsAlreadyAccepted", status: c },
  // A health plan id that is not one of the patient's current plans (removed, another patient's).
  FIZ280: { key: "healthPlanNotCurrent", status: c },
  // A recording's sets overlap or are out of order: a rep would be counted twice or in the wrong set.
  FIZ281: { key: "recordingSetsInvalid", status: v },
  // A plan progression whose range holds no copy of the activity the patient has not started yet.
  FIZ283: { key: "nothingToProgress", status: c },
  // The first-run command makes the deployment's first super admin once; further admins are made in the app.
  FIZ284: { key: "superAdminExists", status: c },
  // Two-factor sign-in (TOTP, RFC 6238): a wrong or expired code, a code already used, a second step whose time ran
  // out, a user required to enrol who has not yet, and too many wrong codes in one second step.
  FIZ285: { key: "twoFactorCodeInvalid", status: "UNAUTHORIZED" },
  FIZ286: { key: "twoFactorCodeUsed", status: "UNAUTHORIZED" },
  FIZ287: { key: "twoFactorStepExpired", status: "UNAUTHORIZED" },
  FIZ288: { key: "twoFactorRequired", status: f },
  FIZ289: { key: "twoFactorTooManyCodes", status: "TOO_MANY_REQUESTS" },
  // Turning the second factor off oneself: refused where the role or the organisation requires it, and when it is
  // not on.
  FIZ298: { key: "twoFactorCannotTurnOff", status: f },
  FIZ299: { key: "twoFactorNotOn", status: c },
  // A tolerance is degrees of error on measured joints: only activities recorded against a reference video have them.
  FIZ293: { key: "toleranceNotMeasured", status: v },
  // Automatic log-off: the session went unused past the organisation's idle limit and was revoked by the server.
  FIZ290: { key: "signedOutIdle", status: "UNAUTHORIZED" },
  // A service code (CPT) has one price in an organisation: a visit billing it must find exactly one.
  FIZ294: { key: "serviceCodePriced", status: c },
  // A price may only name a billable SERVICES code (one with a unit).
  FIZ295: { key: "serviceCodeNotBillable", status: v },
  // Live coaching: the joints that cue must be joints the activity's video tracks, each named once.
  FIZ296: { key: "cueJointNotTracked", status: v },
  // Live coaching: the live per-rep figures sent with a recording are malformed or too large; they are dropped and
  // the recording is kept.
  FIZ297: { key: "liveRepsInvalid", status: v },
  // Technical
  FIZ301: { key: "unexpected", status: i },
  FIZ302: { key: "staleData", status: c },
  FIZ303: { key: "fileRemoveFailed", status: i },
  FIZ304: { key: "fileAccessFailed", status: i },
  // An upload that cannot be completed as sent (parts missing, an upload gone): the client sends the parts again
  // or starts again, so a refusal (409) rather than a failure of the server's.
  FIZ305: { key: "fileUploadFailed", status: c },
  FIZ306: { key: "previewImageFailed", status: i },
  FIZ307: { key: "pdfGenerationFailed", status: i },
  FIZ308: { key: "pdfTemplateProblem", status: i },
  FIZ309: { key: "referenceVideoUploadFailed", status: i },
  FIZ310: { key: "termsFetchFailed", status: i },
  FIZ311: { key: "termsAcceptFailed", status: i },
  FIZ312: { key: "exportFailed", status: i },
  FIZ313: { key: "calendarLinkFailed", status: i },
  FIZ314: { key: "calendarAttachmentFailed", status: i },
  FIZ315: { key: "imageUploadFailed", status: c },
  FIZ316: { key: "orientationDetectionFailed", status: i },
  FIZ317: { key: "cardInitFailed", status: i },
  FIZ318: { key: "cardStoreFailed", status: i },
  FIZ319: { key: "cardDeleteFailed", status: i },
  FIZ320: { key: "emailDeliveryFailed", status: i },
  FIZ321: { key: "storageUnavailable", status: i },
  FIZ322: { key: "analysisEngineFailed", status: i },
  FIZ323: { key: "queueUnavailable", status: i },
  FIZ324: { key: "databaseUnavailable", status: i },
  // Access
  FIZ401: { key: "eventForOtherProvider", status: f },
  FIZ402: { key: "inactivePatient", status: f },
  FIZ403: { key: "otherProviderCalendar", status: f },
  FIZ404: { key: "eventAccessDenied", status: f },
  FIZ405: { key: "initialTemplateDelete", status: f },
  FIZ406: { key: "initialTemplateRename", status: f },
  FIZ407: { key: "initialTemplateUpdate", status: f },
  FIZ408: { key: "signInRequired", status: "UNAUTHORIZED" },
  FIZ409: { key: "roleNotAllowed", status: f },
  FIZ410: { key: "patientNeedsReferral", status: f },
  FIZ411: { key: "onboardingRequired", status: f },
  FIZ412: { key: "termsRequired", status: f },
  FIZ413: { key: "actionNotAllowed", status: f },
  FIZ414: { key: "organizationAssignmentNotAllowed", status: f },
  FIZ415: { key: "otherOrganizationDenied", status: f },
} as const satisfies Record<string, { key: string; status: ErrorStatus }>;

export type FizCode = keyof typeof FIZ_CATALOGUE;
export const FIZ_CODES = Object.keys(FIZ_CATALOGUE) as FizCode[];

export function isFizCode(value: unknown): value is FizCode {
  return typeof value === "string" && value in FIZ_CATALOGUE;
}
