import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeOrderStatus } from '../../../shared/api/admin';

// An order's status change, checked with the shared ChangeOrderStatus the server runs on it: the
// status is the button pressed, the note and its tick are typed. order-detail-view.tsx loads this
// module at the form's first focus or check (decision 0088).

export const checkStatusChange = zodResolver(ChangeOrderStatus);
