import { z } from 'zod';
import { fileEntry } from './order.js';

/** An upload's answer: every file received; `file_url` is the first one's (the specification's client reads it). */
export const uploadAnswer = z.object({ file_url: z.string(), files: z.array(fileEntry) });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** The payer's updateFile: the order's file list after the change. */
export const orderFiles = z.object({ id: z.string(), jsfile: z.array(fileEntry) });
export type OrderFiles = z.infer<typeof orderFiles>;

/** The upload link's updateFile: the file list after the change. */
export const linkFiles = z.object({ jsfile: z.array(fileEntry) });
export type LinkFiles = z.infer<typeof linkFiles>;

/** What an upload link shows of its order: no personal data. */
export const uploadLinkOrder = z.object({
  resource_name: z.string(),
  /** Beyond SPEC.md: the institution's English name, for English and German readers. */
  resource_name_en: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.number().int().min(0).max(13),
  jsfile: z.array(fileEntry),
});
export type UploadLinkOrder = z.infer<typeof uploadLinkOrder>;
