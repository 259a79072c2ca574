import { router } from "../../trpc";
import { login } from "./login";
import { logout } from "./logout";
import { me } from "./me";
import { organizations, switchOrganization } from "./organization";
import { checkRecoveryToken, createNewPassword, requestPasswordRecovery } from "./recovery";
import { register } from "./register";

export const authRouter = router({
  me,
  organizations,
  switchOrganization,
  login,
  logout,
  register,
  requestPasswordRecovery,
  checkRecoveryToken,
  createNewPassword,
});
