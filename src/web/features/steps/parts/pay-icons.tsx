/** Small pictures for the two payment cards (decorative: the card titles say what they are). */
export function ScanIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <path d="M2 6V2h4M14 2h4v4M18 14v4h-4M6 18H2v-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <rect x="6" y="6" width="3" height="3" fill="currentColor" />
      <rect x="11" y="6" width="3" height="3" fill="currentColor" />
      <rect x="6" y="11" width="3" height="3" fill="currentColor" />
      <rect x="11" y="11" width="3" height="3" fill="currentColor" />
    </svg>
  );
}

export function BankIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <path d="M2 7.5 10 3l8 4.5H2Z" fill="currentColor" />
      <path d="M4.5 9v6M8.5 9v6M11.5 9v6M15.5 9v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M2 17.5h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
