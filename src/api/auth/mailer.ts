/** Sends mail: through SMTP when configured, otherwise into the local outbox folder. */
export interface Mailer {
  send(mail: { readonly to: string; readonly subject: string; readonly text: string }): Promise<void>;
}
