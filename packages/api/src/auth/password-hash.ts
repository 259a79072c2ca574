import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
// 2 is Algorithm.Argon2id; the enum is `const` and cannot be imported under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
