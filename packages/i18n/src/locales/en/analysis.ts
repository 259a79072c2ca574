import type { AnalysisFailureMessages } from "../../types";

export const analysisFailures: AnalysisFailureMessages = {
  NOT_A_VIDEO: "The uploaded file is not a video.",
  UNSUPPORTED_CONTAINER:
    "The uploaded file is not an MP4, MOV or WebM video, so it cannot be analyzed safely.",
  NO_VIDEO_STREAM: "The uploaded file contains no video picture.",
  ZERO_LENGTH: "The uploaded video is empty.",
  TOO_LONG: "The uploaded video is longer than the allowed maximum.",
  TOO_LARGE: "The uploaded video's picture is larger than the allowed maximum (4096 pixels a side).",
  CORRUPT: "The uploaded video is damaged and cannot be read.",
  TIMED_OUT: "Decoding the uploaded video took too long; please record it again.",
  ORIGINAL_MISSING: "The uploaded video could not be found in storage; please record it again.",
  REFERENCE_UNAVAILABLE: "The reference video for this activity could not be processed.",
  ANALYSIS_ERROR: "The video could not be analyzed after several attempts; please try again later.",
  UPLOAD_INCOMPLETE: "The video did not arrive complete; please upload it again.",
  UPLOAD_EXPIRED: "The upload was not finished within 24 hours and has expired; please upload it again.",
};
