import { useEffect, useRef, useState } from 'react';

/** SPEC.md section 7: the search box's text is polled every 100 ms; a list follows the last text read. */
export const KEYWORD_POLL_MS = 100;

/** The typed text, and the keyword the list searches for (the text as of the last poll, trimmed). */
export function useKeyword() {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    const timer = setInterval(
      () => setKeyword((current) => (latest.current.trim() === current ? current : latest.current.trim())),
      KEYWORD_POLL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return { text, setText, keyword };
}
