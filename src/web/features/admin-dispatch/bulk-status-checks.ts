import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { BulkStatusChange } from '../../../shared/api/admin-bulk';

// The dispatch desk's "Move to", checked with the status rule of the shared BulkStatusChange the
// server runs on the request: bulk-actions.tsx loads this module at the form's first focus or check
// (decision 0088). The chosen orders are the list's, not the form's; the server counts them again.

export const checkBulkStatus = zodResolver(z.object({ status: BulkStatusChange.shape.status }));
