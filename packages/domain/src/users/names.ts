/** A provider as visitors and patients read them: "Sam Rivera, DPT" (the credential only when there is one). */
export function providerTitle(p: {
  firstName: string;
  lastName: string;
  credential?: string | null;
}): string {
  return `${p.firstName} ${p.lastName}${p.credential ? `, ${p.credential}` : ""}`;
}
