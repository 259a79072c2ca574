import type { LoginInput } from "@fizio/domain";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import type { LoginErrors } from "./login-validation";

const loadValidation = () => import("./login-validation").then((module) => module.validateLogin);
const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

/**
 * The login form's state, without react-hook-form: the login page is the first page most visits download,
 * and react-hook-form would be a tenth of it (16 KB gzip). It behaves as useFizForm's forms do: the fields
 * are uncontrolled inputs named for the schema's keys, checked on submit (the first field in error takes
 * the focus) and then on each change. The check (zod and the domain's schema) downloads after the page
 * paints; a submit before it arrives waits for it, and rejects if it cannot be downloaded.
 */
export function useLoginForm(onValid: (values: LoginInput) => Promise<void>) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  useEffect(() => {
    loadValidation().catch(() => undefined);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = valuesOf(form);
    submitted.current = true;
    const result = await (await loadValidation())(values);
    setErrors(result.errors ?? {});
    if (result.values) return onValid(result.values);
    const fields = [...form.elements] as HTMLInputElement[];
    fields.find((field) => field.name in (result.errors ?? {}))?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const name = (event.target as unknown as HTMLInputElement).name as keyof LoginInput;
    const values = valuesOf(event.currentTarget);
    loadValidation()
      .then((validate) => validate(values))
      .then((result) => setErrors((current) => ({ ...current, [name]: result.errors?.[name] })))
      // The next submit says so if the check cannot be downloaded.
      .catch(() => undefined);
  };

  return { errors, onSubmit, onChange };
}
