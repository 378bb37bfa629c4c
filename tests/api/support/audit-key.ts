import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** An Ed25519 signing key in a PEM file, as production is given one (AUDIT_SIGNING_KEY_FILE). */
export function auditSigningKeyFile(): string {
  const file = path.join(tmpdir(), `audit-signing-key-${process.pid}-${Date.now()}.pem`);
  writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return file;
}
