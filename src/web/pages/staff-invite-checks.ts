import { zodResolver } from '@hookform/resolvers/zod';
import { AcceptStaffInvite } from '../../shared/api/staff';

// The invitation form's checks, the server's own schema: staff-invite-page.tsx loads this module
// when the form is first focused or sent (decision 0088).
export const checkAcceptInvite = zodResolver(AcceptStaffInvite);
