/** A mail: plain text always, HTML too when given (then sent as multipart/alternative). */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Sends mail: through SMTP when configured, otherwise into the local outbox folder. */
export interface Mailer {
  /** Once `signal` aborts, a mail still waiting for an SMTP connection is never sent and the send rejects. */
  send(mail: Mail, signal?: AbortSignal): Promise<void>;
}
