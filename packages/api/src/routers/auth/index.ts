import { router } from "../../trpc";
import { login } from "./login";
import { logout } from "./logout";
import { me } from "./me";
import { checkRecoveryToken, createNewPassword, requestPasswordRecovery } from "./recovery";
import { register } from "./register";

export const authRouter = router({
  me,
  login,
  logout,
  register,
  requestPasswordRecovery,
  checkRecoveryToken,
  createNewPassword,
});
