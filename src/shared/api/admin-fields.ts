import { z } from 'zod';

/** Field shapes shared by the back office's schemas (./admin and ./admin-products). */
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const trimmed = (max: number) => z.string().trim().max(max);
