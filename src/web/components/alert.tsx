import * as styles from './alert.css.js';

/** The red alert of the account forms: every error text of the server's answer. */
export function ErrorAlert({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <div role="alert" className={styles.alert}>
      {texts.map((text) => (
        <div key={text}>{text}</div>
      ))}
    </div>
  );
}
