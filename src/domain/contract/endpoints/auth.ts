import { z } from 'zod';
import {
  forgotPasswordPayload,
  loginPayload,
  passwordResetPayload,
  registerPayload,
  wechatLoginPayload,
} from '../../validation/account.js';
import { endpoint } from '../endpoint.js';
import { sentMessage } from '../envelope.js';
import {
  loginAnswer,
  mfaTokenPayload,
  mfaVerifyPayload,
  passkeyOptions,
  passkeyRegisterPayload,
  recoveryCodes,
  secondFactors,
  session,
  totpConfirmPayload,
  totpSetup,
} from '../session.js';
import { sessionEndpoints } from './session.js';

const nothing = z.unknown().optional();
/** Staff enrol their second factor; the second sign-in step carries its own short-lived mfa_token. */
const enrolment = { allow: ['factors.enrol'] } as const;

/**
 * A sentence for the user; SPEC.md section 7's client takes `status: 202` in it as a failure
 * showing the message. This server never sends it; declared so a client parsing the answer keeps it.
 */
const passwordResetAnswer = z.object({ message: z.string(), status: z.number().int().optional() });

/** Accounts: sign-up, sign-in (with the second factor of staff), the session, password reset. */
export const authEndpoints = {
  register: endpoint({ method: 'POST', path: '/api/v1/auth/register', access: 'public', body: registerPayload, data: session }),
  login: endpoint({ method: 'POST', path: '/api/v1/auth/login', access: 'public', body: loginPayload, data: loginAnswer }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    access: 'public',
    body: forgotPasswordPayload,
    data: sentMessage,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/v1/auth/password-reset',
    access: 'public',
    body: passwordResetPayload,
    data: passwordResetAnswer,
  }),
  wechatLogin: endpoint({
    method: 'POST',
    path: '/api/v1/auth/wechatlogin',
    access: 'public',
    body: wechatLoginPayload,
    data: loginAnswer,
  }),
  user: sessionEndpoints.user,
  logout: sessionEndpoints.logout,
  mfaStatus: endpoint({ method: 'POST', path: '/api/v1/auth/mfa/status', access: enrolment, body: nothing, data: secondFactors }),
  totpSetup: endpoint({ method: 'POST', path: '/api/v1/auth/mfa/totp/setup', access: enrolment, body: nothing, data: totpSetup }),
  totpConfirm: endpoint({
    method: 'POST',
    path: '/api/v1/auth/mfa/totp/confirm',
    access: enrolment,
    body: totpConfirmPayload,
    data: recoveryCodes,
  }),
  passkeyRegisterOptions: endpoint({
    method: 'POST',
    path: '/api/v1/auth/mfa/passkey/register-options',
    access: enrolment,
    body: nothing,
    data: passkeyOptions,
  }),
  passkeyRegister: endpoint({
    method: 'POST',
    path: '/api/v1/auth/mfa/passkey/register',
    access: enrolment,
    body: passkeyRegisterPayload,
    data: sentMessage,
  }),
  passkeySignInOptions: endpoint({
    method: 'POST',
    path: '/api/v1/auth/mfa/passkey/sign-in-options',
    access: 'public',
    body: mfaTokenPayload,
    data: passkeyOptions,
  }),
  mfaVerify: endpoint({ method: 'POST', path: '/api/v1/auth/mfa/verify', access: 'public', body: mfaVerifyPayload, data: session }),
};
