import { createContext, useContext } from 'react';
import { may, type StaffPermission, type StaffRole } from '../../../shared/staff-roles';

// Decision 0076: the signed-in member's role, given by the back office's frame, so a screen offers
// only the actions the role's permissions allow. The API checks every action again.
const StaffRoleContext = createContext<StaffRole | null | undefined>(undefined);

export const StaffRoleProvider = StaffRoleContext.Provider;

/** Whether the member may; outside the frame (a component's own test) every action is offered. */
export function useStaffMay(permission: StaffPermission): boolean {
  const role = useContext(StaffRoleContext);
  return role === undefined ? true : may(role, permission);
}
