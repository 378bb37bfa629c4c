import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256Hex } from '../../../eventstore/chain/index.js';

/** Signs checkpoints with an Ed25519 key kept outside the database. */
export interface AuditSigner {
  /** SPKI PEM of the public key: what a verifier trusts. */
  readonly publicKeyPem: string;
  /** The first 16 hex digits of SHA-256 over the public key's DER: names the key in a checkpoint. */
  readonly keyId: string;
  sign(message: string): string;
}

export const keyIdOf = (publicKey: KeyObject): string => sha256Hex(publicKey.export({ type: 'spki', format: 'der' })).slice(0, 16);

export function signerOf(privateKey: KeyObject): AuditSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The audit signing key must be an Ed25519 private key.');
  const publicKey = createPublicKey(privateKey);
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: keyIdOf(publicKey),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
  };
}

/**
 * The signing key from its PEM file (AUDIT_SIGNING_KEY_FILE, or DATA_DIR/secrets/audit-signing-key.pem
 * generated with owner-only permissions on first use).
 */
export async function loadAuditSigner(file: string, generateIfMissing: boolean): Promise<AuditSigner> {
  try {
    return signerOf(createPrivateKey(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !generateIfMissing) throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return signerOf(privateKey);
}
