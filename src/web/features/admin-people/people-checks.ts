import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCustomerQuery } from '../../../shared/api/admin-customers';
import { AcknowledgeComplaint, ResolveComplaint } from '../../../shared/api/complaints';
import { ChangeStaffRole, NewStaffInvite } from '../../../shared/api/staff';

// The people screens' checks, with Zod and the shared schemas the server runs on what they send:
// the staff, customers and complaints forms load this module when first focused or checked
// (decision 0088), so the back office's pages open without Zod.

export const checkStaffInvite = zodResolver(NewStaffInvite);
export const checkStaffRole = zodResolver(ChangeStaffRole);
export const checkCustomerSearch = zodResolver(AdminCustomerQuery.pick({ q: true }));
// The note is optional, but the form always holds one (empty when none is written).
export const checkAcknowledgement = zodResolver(AcknowledgeComplaint.required());
export const checkResolution = zodResolver(ResolveComplaint);
