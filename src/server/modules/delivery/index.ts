// The delivery module's public entry: pincode checks, delivery dates and shipping quotes.
export { createDeliveryService, type DeliveryService } from './delivery-service';
export { stateOfPincode } from './pincode-directory';
export { deliveryRoutes } from './routes';
