import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Decision 0084: the organiser's pick of another gift, one of those offered (sold-out-choice.tsx
// sends it with the server's price; the server checks both). Loaded at the form's first focus
// (decision 0088).
const ReplacementChoice = z.object({ replacement: z.string().min(1, 'Please choose another gift') });

export const checkReplacement = zodResolver(ReplacementChoice);
