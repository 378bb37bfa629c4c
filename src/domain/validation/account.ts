import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '../locale.js';
import { issueMessage, issueText } from '../messages/message.js';
import { confirmationField, emailField, newPasswordField, optionalText, passwordField, requiredText } from './fields.js';

/**
 * Account forms (SPEC.md sections 5 and 7, "Account"). Equality of the two passwords is the server's check.
 * Login takes any stored password (6 characters or more); a password being set follows the policy.
 */

export const loginPayload = z.object({
  email: emailField,
  password: passwordField,
  RememberMe: z.boolean().optional(),
});

export const registerPayload = z.object({
  email: emailField,
  password: newPasswordField,
  password_confirmation: confirmationField,
  code: optionalText(64),
});

/** The register form's extra rule: the agreement must be accepted. */
export const registerForm = registerPayload.extend({
  agreement: z.literal(true, { error: issueMessage('validation.agreementRequired') }),
});

export const forgotPasswordPayload = z.object({ email: emailField });

export const passwordResetPayload = z.object({
  id: requiredText(64),
  token: requiredText(256),
  password: newPasswordField,
  password_confirmation: confirmationField,
});

export const wechatLoginPayload = z.object({
  code: requiredText(256),
  appId: requiredText(64),
  loginWay: z.literal('wechat').optional(),
  RememberMe: z.boolean().optional(),
});

/** Each field's issues as zod carries them (encoded message keys, see messages/message.ts); '_' for the whole value. */
export function fieldIssues(error: z.ZodError): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (issues[field] ??= []).push(issue.message);
  }
  return issues;
}

/** Field errors as the API returns them: a field name mapped to its texts in a language. */
export function fieldErrors(error: z.ZodError, locale: Locale = DEFAULT_LOCALE): Record<string, string[]> {
  const issues = fieldIssues(error);
  return Object.fromEntries(Object.entries(issues).map(([field, messages]) => [field, messages.map((text) => issueText(text, locale))]));
}
