// The bulk-enquiries module's public entry: enquiries from companies and parties.
export { type BulkEnquiryService, createBulkEnquiryService, enquiriesToAnswer } from './bulk-enquiry-service';
export { type BulkEnquiryRow, enquiryOf, markEnquiryQuoted } from './quoted-enquiries';
export { bulkEnquiryRoutes } from './routes';
