import { z } from 'zod';
import { successEnvelope } from './envelope';
import { lessonRenditionSchema } from './programme';

// The console's view of a lesson video's data-saver versions (decision 057): the rendition
// worker makes a 360p-or-lower copy and an audio-only track after each video upload.

/** `none`: nothing was asked for this video yet (a video stored before renditions existed). */
export const renditionStatusSchema = z.enum(['none', 'pending', 'running', 'done', 'failed']);
export type RenditionStatus = z.infer<typeof renditionStatusSchema>;

export const videoRenditionsSchema = z.object({
  /** The video's storage key, as an upload returned it. */
  key: z.string(),
  status: renditionStatusSchema,
  /** 0–100: how far the worker is. */
  progress: z.number().int().min(0).max(100),
  /** Why the last attempt failed (failed, or pending a retry after a failure). */
  error: z.string().nullable(),
  renditions: z.array(lessonRenditionSchema),
  audio_src: z.string().nullable(),
});
export type VideoRenditions = z.infer<typeof videoRenditionsSchema>;

/** GET /admin/uploads/renditions?key=…; POST /admin/uploads/renditions with `{ key }`. */
export const videoRenditionsKeySchema = z.object({ key: z.string().trim().min(1).max(200) });
export const videoRenditionsResponseSchema = successEnvelope(videoRenditionsSchema);
