import { startUploadInput } from "@fizio/domain";
import { appProcedure, router } from "../../trpc";
import { abort } from "./abort";
import { complete } from "./complete";
import { listParts, signParts } from "./parts";
import { startRecordingUpload, startReferenceVideoUpload } from "./start";

/** Validated before anything is stored: a bad file (FIZ056, FIZ057, FIZ058) leaves no row and no object. */
const start = appProcedure
  .input(startUploadInput)
  .mutation(({ ctx, input }) =>
    input.kind === "REFERENCE_VIDEO"
      ? startReferenceVideoUpload(ctx, input)
      : startRecordingUpload(ctx, input),
  );

export const uploadsRouter = router({ start, signParts, listParts, complete, abort });
