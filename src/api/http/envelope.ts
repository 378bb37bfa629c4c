import { z } from 'zod';

/** Success bodies are `{ data: … }` (DESIGN.md section 5). */
export const ok = <T>(data: T): { data: T } => ({ data });
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
