// The bulk-enquiries module's public entry: enquiries from companies and parties.
export { type BulkEnquiryService, createBulkEnquiryService, enquiriesToAnswer } from './bulk-enquiry-service';
export { bulkEnquiryRoutes } from './routes';
