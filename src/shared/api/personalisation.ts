import { z } from 'zod';

/** POST /api/personalisation/photos: the path the photo is served at, which a cart line carries. */
export const PersonalisationPhotoResponse = z.object({ photo: z.string() });
export type PersonalisationPhotoResponse = z.infer<typeof PersonalisationPhotoResponse>;
