import type { SystemTaskName, TaskPayload } from "@fizio/jobs";
import type { ApiServices } from "../context";

/** What each system job does; the server's runner validates payloads before calling these. */
export type SystemTasks = { [N in SystemTaskName]: (payload: TaskPayload<N>) => Promise<void> };

export function createSystemTasks(services: ApiServices): SystemTasks {
  return {
    deliver_email: ({ emailId }) => services.mailer.deliver(emailId),
  };
}
