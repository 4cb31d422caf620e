// The staff module's public entry: invitations and staff roles.

export { staffRoutes } from './routes';
export { createStaffService, INVITE_DAYS, STAFF_MESSAGES, type StaffService } from './staff-service';
