import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's baseline parameters (19 MiB, 2 iterations).
// algorithm 2 = Argon2id (the package's const enum cannot be imported with isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashValue: string | null | undefined, password: string): Promise<boolean> {
  if (!hashValue) return false;
  try {
    return await verify(hashValue, password);
  } catch {
    return false;
  }
}
