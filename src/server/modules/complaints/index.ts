// The complaints module's public entry: complaints from the Contact page, their tickets and clocks.
export { type ComplaintService, createComplaintService } from './complaint-service';
export { COMPLAINT_LIMIT_MESSAGE, COMPLAINT_LIMITS, complaintRoutes } from './routes';
