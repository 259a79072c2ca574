import { router } from "../../trpc";
import {
  cancelProgram,
  deleteProgramProcedure,
  enroll,
  getProgram,
  historyProcedure,
  listProgramsProcedure,
  updateProgram,
} from "./programs";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from "./templates";

export const engagementRouter = router({
  templates: router({
    list: listTemplates,
    get: getTemplate,
    create: createTemplate,
    update: updateTemplate,
    delete: deleteTemplate,
  }),
  programs: router({
    list: listProgramsProcedure,
    get: getProgram,
    enroll,
    update: updateProgram,
    cancel: cancelProgram,
    delete: deleteProgramProcedure,
  }),
  history: historyProcedure,
});
