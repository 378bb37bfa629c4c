/** Scaffold: replaced by the real screen. */
export default function Page() {
  return <div data-scaffold="forgot-password-page" />;
}
