import type { Generated } from 'kysely';
import type { Int8, Timestamp } from './column-types.js';

/** Sessions and the staff's second factor (migrations 0025 and 0026; DESIGN.md section 12). */

export interface SessionsTable {
  /** The token's `sid`: random, never derived from the user. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set by a log out, a password or role change, an erasure or a new admin password. */
  ended_at: Timestamp | null;
  /** Opened with a second factor, or a factor was enrolled in it (production lets staff do more then). */
  second_factor: Generated<boolean>;
}

export interface TotpFactorsTable {
  user_id: number;
  /** AES-256-GCM sealed (see src/api/auth/second-factor/secret-box.ts); never the plain secret. */
  secret_sealed: string;
  /** Null while set up but not yet confirmed with a code: not a factor yet. */
  confirmed_at: Timestamp | null;
  /** The RFC 6238 time step of the last accepted code: that code and older ones are refused (no replay). */
  last_time_step: Int8 | null;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code (a code is 80 random bits, so a fast hash does). */
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: number;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Int8;
  /** JSON array of the authenticator's transports. */
  transports: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface WebAuthnChallengesTable {
  id: string;
  challenge: string;
  purpose: 'register' | 'sign-in';
  user_id: number;
  expires_at: Timestamp;
}

export interface AuthTables {
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
}
