import { zodResolver } from '@hookform/resolvers/zod';
import { OwnerDeliveryAction } from '../../../shared/api/courier';

// The failed delivery answer's checks, with Zod and the shared OwnerDeliveryAction the server runs
// on a new attempt: failed-delivery-answer.tsx loads this module at the form's first focus or check
// (decision 0088).

const [Reattempt] = OwnerDeliveryAction.options;

export const checkReattempt = zodResolver(Reattempt.omit({ action: true }));
