/** Success bodies are `{ data: … }` (DESIGN.md section 5). */
export const ok = <T>(data: T): { data: T } => ({ data });
