import { createPublicKey, verify } from 'node:crypto';
import type { AuditSigner } from '../audit/signing-key.js';

/** Whether `signature` (base64) is this signer's Ed25519 signature over `figures`. */
export function signedBy(signer: AuditSigner, figures: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(figures, 'utf8'), createPublicKey(signer.publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    // A signature of the wrong length is not ours either.
    return false;
  }
}
