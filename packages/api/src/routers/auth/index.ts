import { router } from "../../trpc";
import { activity } from "./activity";
import { login } from "./login";
import { logout } from "./logout";
import { me } from "./me";
import { organizations, switchOrganization } from "./organization";
import { checkRecoveryToken, createNewPassword, requestPasswordRecovery } from "./recovery";
import { register } from "./register";

export const authRouter = router({
  me,
  activity,
  organizations,
  switchOrganization,
  login,
  logout,
  register,
  requestPasswordRecovery,
  checkRecoveryToken,
  createNewPassword,
});
